// Compare panel.
#include "ui/compare_panel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

#include "ui/compare_model.h"

namespace feedscope::ui {

ComparePanel::ComparePanel(QWidget* parent)
    : QWidget(parent),
      model_(new CompareModel(this)),
      table_(new QTableView(this)),
      verdict_(new QLabel(this)) {
  setObjectName("comparePanel");
  table_->setObjectName("compareTable");
  table_->setModel(model_);
  table_->verticalHeader()->hide();
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  verdict_->setObjectName("compareVerdict");
  verdict_->setWordWrap(true);
  verdict_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(verdict_);
  layout->addWidget(table_, 1);
}

void ComparePanel::setDocument(std::shared_ptr<const Document> doc) {
  model_->setTable(doc ? doc->compare : view::CompareTable{});
  QStringList lines;
  if (doc) {
    for (const auto& v : doc->compare.verdicts) lines << QString::fromStdString(v).toHtmlEscaped();
  }
  if (lines.isEmpty()) {
    verdict_->setText(doc && doc->runs.size() == 1
                          ? tr("Open a second run (File ▸ Add to comparison) to compare.")
                          : QString());
  } else {
    verdict_->setText("<b>" + lines.join("<br>") + "</b>");
  }
}

QString ComparePanel::verdictText() const {
  return verdict_->text();
}

}  // namespace feedscope::ui
