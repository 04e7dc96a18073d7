// The findings panel: the table of findings and, for the chosen one, its sentence, fix and evidence.
// Choosing a finding (or one of its evidence ranges) asks the timeline to zoom there.
#pragma once

#include <QWidget>
#include <memory>

#include "ui/document.h"
#include "view/viewport.h"

class QLabel;
class QTableView;
class QTextBrowser;
class QToolButton;

namespace feedscope::ui {

class FindingsModel;

class FindingsPanel : public QWidget {
  Q_OBJECT

 public:
  explicit FindingsPanel(QWidget* parent = nullptr);
  void setDocument(std::shared_ptr<const Document> doc);
  FindingsModel* model() const { return model_; }
  QTableView* table() const { return table_; }
  // Shows finding `row` and zooms to its first evidence range.
  void activate(int row);
  // The lines above the table (what the findings explain, per run and GPU): with three and more
  // only the first until unfolded, so that the findings keep the dock.
  QString summaryText() const;
  QToolButton* summaryToggle() const { return summary_toggle_; }

 signals:
  // Display-time range to show (and select) on the timeline, in the lanes of run `run` (a job
  // finding's: the straggler's).
  void evidenceRequested(view::TimeRange range, std::size_t run);

 private:
  void showFinding(int row);
  void requestEvidence(int row, int range);
  void showSummary();

  std::shared_ptr<const Document> doc_;
  FindingsModel* model_;
  QTableView* table_;
  QTextBrowser* text_;
  QLabel* summary_;  // what the findings explain, per GPU
  QToolButton* summary_toggle_;
  bool summary_unfolded_ = false;
};

}  // namespace feedscope::ui
