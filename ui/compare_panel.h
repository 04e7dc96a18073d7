// The compare view's table and the verdict in words ("h200_stream: 1.76x the steps per second of
// h200_naive; starvation 45.1 % → 16.0 %"). Columns fit their contents, and the panel asks for the
// width that shows every column, so the window can give it that and the charts the rest.
#pragma once

#include <QWidget>
#include <memory>

#include "ui/document.h"

class QLabel;
class QTableView;

class QTableWidget;
class QTableWidgetItem;

namespace feedscope::ui {

class CompareModel;

class ComparePanel : public QWidget {
  Q_OBJECT

 public:
  explicit ComparePanel(QWidget* parent = nullptr);
  void setDocument(std::shared_ptr<const Document> doc);
  CompareModel* model() const { return model_; }
  QString verdictText() const;
  QTableView* table() const { return table_; }
  // A job's ranks, a row each (report::jobTable: the report's columns); hidden without a job.
  QTableWidget* ranksTable() const { return ranks_; }
  // Set (true) on the cells of the straggler's row, which are tinted and bold.
  static constexpr int kStragglerRole = Qt::UserRole + 1;
  QString jobText() const;
  // The panel width at which every column shows whole, with room for a vertical scroll bar.
  int fullTableWidth() const;
  // With five runs and more: the widest columns (and run names, view/elide.h) whose table still fits
  // `availablePx`, so that a wide window shows more of every name and a laptop's still fits. True
  // when every metric and run name shows whole.
  bool fitToWidth(int availablePx);
  QSize sizeHint() const override;

 private:
  // Each column as wide as its contents, at most `capPx` (the metric column whole when
  // `metricWhole`); true when a column was cut.
  bool sizeColumns(int capPx, bool metricWhole);
  void markStraggler(QTableWidgetItem& item, const job::Straggler& straggler) const;

  CompareModel* model_;
  QTableView* table_;
  QLabel* verdict_;
  QLabel* job_text_;
  QTableWidget* ranks_;
};

}  // namespace feedscope::ui
