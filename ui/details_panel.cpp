// Details panel.
#include "ui/details_panel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "present/numbers.h"
#include "present/phrases.h"

namespace feedscope::ui {

DetailsPanel::DetailsPanel(QWidget* parent)
    : QWidget(parent), tree_(new QTreeWidget(this)), flow_button_(new QPushButton(this)) {
  setObjectName("detailsPanel");
  tree_->setObjectName("detailsTree");
  tree_->setColumnCount(2);
  tree_->setHeaderLabels({tr("Field"), tr("Value")});
  tree_->setRootIsDecorated(true);
  tree_->setWordWrap(true);
  tree_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  tree_->setContextMenuPolicy(Qt::ActionsContextMenu);
  auto* copy = new QAction(tr("Copy all"), tree_);
  copy->setShortcut(QKeySequence::Copy);
  copy->setShortcutContext(Qt::WidgetShortcut);
  connect(copy, &QAction::triggered, this, [this] { QApplication::clipboard()->setText(text()); });
  tree_->addAction(copy);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  flow_button_->setObjectName("flowJump");
  flow_button_->hide();
  connect(flow_button_, &QPushButton::clicked, this, &DetailsPanel::jumpAlongFlowRequested);
  layout->addWidget(flow_button_, 0, Qt::AlignLeft);
  layout->addWidget(tree_);
}

void DetailsPanel::setFlowJump(bool hasFlow, bool selectedIsLaunch) {
  flow_button_->setText(selectedIsLaunch ? tr("Jump to the GPU operation it launched (J)")
                                         : tr("Jump to the API call that launched it (J)"));
  flow_button_->setVisible(hasFlow);
}

void DetailsPanel::setDocument(std::shared_ptr<const Document> doc) {
  doc_ = std::move(doc);
  showRunSummaries();
}

void DetailsPanel::showDescription(const view::Description& d) {
  tree_->clear();
  auto* top = new QTreeWidgetItem(tree_, {QString::fromStdString(d.title)});
  top->setFirstColumnSpanned(true);
  QFont bold = top->font(0);
  bold.setBold(true);
  top->setFont(0, bold);
  for (const auto& f : d.fields)
    new QTreeWidgetItem(top, {QString::fromStdString(f.key), QString::fromStdString(f.value)});
  tree_->expandAll();
}

void DetailsPanel::showRunSummaries() {
  tree_->clear();
  if (!doc_) return;
  for (std::size_t i = 0; i < doc_->analyses.size(); ++i) {
    const auto& a = doc_->analyses[i];
    auto* top = new QTreeWidgetItem(tree_, {QString::fromStdString(a.run_name)});
    top->setFirstColumnSpanned(true);
    new QTreeWidgetItem(top, {tr("summary"), QString::fromStdString(present::runHeadline(a))});
    new QTreeWidgetItem(top, {tr("file"), QString::fromStdString(doc_->runs[i].file)});
    new QTreeWidgetItem(
        top, {tr("intervals"), QString::fromStdString(present::withThousands(doc_->run(i).intervalCount()))});
    if (const auto* d = a.primary()) {
      new QTreeWidgetItem(top, {tr("device"), QString::fromStdString("GPU " + std::to_string(d->device) +
                                                                     " " + d->device_name)});
    }
  }
  tree_->expandAll();
}

QString DetailsPanel::text() const {
  QStringList lines;
  for (int i = 0; i < tree_->topLevelItemCount(); ++i) {
    auto* top = tree_->topLevelItem(i);
    lines << top->text(0);
    for (int k = 0; k < top->childCount(); ++k)
      lines << top->child(k)->text(0) + ": " + top->child(k)->text(1);
  }
  return lines.join('\n');
}

}  // namespace feedscope::ui
