// The details of what was clicked (an interval, a fold of intervals, a selected range) as key/value
// rows that can be copied; without a selection, a summary of each run.
#pragma once

#include <QWidget>
#include <memory>

#include "ui/document.h"
#include "view/describe.h"

class QPushButton;
class QTreeWidget;

namespace feedscope::ui {

class DetailsPanel : public QWidget {
  Q_OBJECT

 public:
  explicit DetailsPanel(QWidget* parent = nullptr);
  void setDocument(std::shared_ptr<const Document> doc);
  void showDescription(const view::Description& description);
  void showRunSummaries();
  // Everything shown, as "key: value" lines.
  QString text() const;
  QSize sizeHint() const override { return {600, 180}; }
  // The selected interval is one end of a flow: offer to jump to the other end.
  void setFlowJump(bool hasFlow, bool selectedIsLaunch);
  QPushButton* flowButton() const { return flow_button_; }

 signals:
  void jumpAlongFlowRequested();

 private:
  std::shared_ptr<const Document> doc_;
  QTreeWidget* tree_;
  QPushButton* flow_button_;
};

}  // namespace feedscope::ui
