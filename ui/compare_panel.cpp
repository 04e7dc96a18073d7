// Compare panel.
#include "ui/compare_panel.h"

#include <QFontMetrics>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <utility>
#include <vector>

#include "ui/compare_model.h"
#include "ui/run_name_elision.h"
#include "view/elide.h"

namespace feedscope::ui {
namespace {

// Widest column with five runs and more where the window is narrow: about 16 characters, enough for
// every value and most names; wider windows try the wider caps first.
constexpr int kManyRunsMaxColumnPx = 110;
// Run names in the verdicts above the table (view/elide.h's rule; the header's tooltips are whole).
constexpr std::size_t kVerdictNameChars = 40;
constexpr int kManyRunsColumnCapsPx[] = {320, 260, 220, 180, 150, 130, kManyRunsMaxColumnPx};

}  // namespace

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
  table_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->setWordWrap(false);
  // Run names in the header are cut in the middle (the model shortens them, more so for more runs;
  // the tooltip has the whole name), and value columns are held narrow so that six runs fit.
  table_->horizontalHeader()->setTextElideMode(Qt::ElideMiddle);
  table_->setTextElideMode(Qt::ElideMiddle);
  table_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
  verdict_->setObjectName("compareVerdict");
  verdict_->setWordWrap(true);
  verdict_->setMinimumWidth(1);  // no run name sets the window's width
  verdict_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(verdict_);
  layout->addWidget(table_, 1);
}

void ComparePanel::setDocument(std::shared_ptr<const Document> doc) {
  model_->setTable(doc ? doc->compare : view::CompareTable{});
  // With five runs and more, the longest metric names are cut (in the middle) rather than the table
  // scrolling sideways; fewer runs show every name whole.
  const bool many = doc && doc->runs.size() >= 5;
  table_->horizontalHeader()->setMaximumSectionSize(many ? kManyRunsMaxColumnPx : -1);
  // Now, not at the next layout: the window sizes the panel from these widths straight away.
  table_->horizontalHeader()->resizeSections(QHeaderView::ResizeToContents);
  updateGeometry();
  QStringList lines;
  if (doc) {
    std::vector<std::string> names;
    for (const auto& a : doc->analyses) names.push_back(a.run_name);
    for (const auto& v : doc->compare.verdicts)
      lines << withShortRunNames(QString::fromStdString(v), names, kVerdictNameChars).toHtmlEscaped();
  }
  if (lines.isEmpty()) {
    verdict_->setText(doc && doc->runs.size() == 1
                          ? tr("Open a second run (File ▸ Add to comparison) to compare.")
                          : QString());
  } else {
    verdict_->setText("<b>" + lines.join("<br>") + "</b>");
  }
}

void ComparePanel::fitToWidth(int availablePx) {
  if (table_->model()->columnCount() == 0 || model_->table().runs.size() < 5) return;
  QHeaderView* header = table_->horizontalHeader();
  const int charPx = std::max(1, QFontMetrics(header->font()).averageCharWidth());
  // Wider columns with names to fill them first; at the narrowest cap, shorter names (down to
  // view::runNameChars's eight characters for six runs).
  std::vector<std::pair<int, std::size_t>> tries;
  for (int cap : kManyRunsColumnCapsPx) tries.emplace_back(cap, static_cast<std::size_t>(std::max(8, cap / charPx - 2)));
  for (std::size_t chars : {12u, 10u}) tries.emplace_back(kManyRunsMaxColumnPx, chars);
  tries.emplace_back(kManyRunsMaxColumnPx, view::runNameChars(model_->table().runs.size()));
  for (const auto& [cap, chars] : tries) {
    header->setMaximumSectionSize(cap);
    model_->setNameChars(chars);
    header->resizeSections(QHeaderView::ResizeToContents);
    if (fullTableWidth() <= availablePx) break;
  }
  updateGeometry();
}

int ComparePanel::fullTableWidth() const {
  const QMargins margins = layout()->contentsMargins();
  // The vertical scroll bar is counted even when it is hidden: a shorter window shows it, and it must
  // not push the last column under a horizontal one.
  int scrollBar = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, table_->verticalScrollBar());
  return table_->horizontalHeader()->length() + 2 * table_->frameWidth() + scrollBar + margins.left() +
         margins.right();
}

QSize ComparePanel::sizeHint() const {
  return {fullTableWidth(), QWidget::sizeHint().height()};
}

QString ComparePanel::verdictText() const {
  return verdict_->text();
}

}  // namespace feedscope::ui
