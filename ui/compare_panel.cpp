// Compare panel.
#include "ui/compare_panel.h"

#include <QFontMetrics>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QStyle>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <limits>
#include <utility>
#include <vector>

#include "present/palette.h"
#include "report/job_table.h"
#include "ui/compare_model.h"
#include "ui/qt_color.h"
#include "ui/run_name_elision.h"
#include "view/elide.h"
#include "view/job_view.h"

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
      verdict_(new QLabel(this)),
      job_text_(new QLabel(this)),
      ranks_(new QTableWidget(this)) {
  setObjectName("comparePanel");
  table_->setObjectName("compareTable");
  table_->setModel(model_);
  table_->verticalHeader()->hide();
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  // Sized by sizeColumns() (to their contents, with a cap when many runs share the width), then the
  // user's to drag.
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
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
  job_text_->setObjectName("jobText");
  job_text_->setWordWrap(true);
  job_text_->setMinimumWidth(1);
  job_text_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  ranks_->setObjectName("ranksTable");
  ranks_->verticalHeader()->hide();
  ranks_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  ranks_->setSelectionBehavior(QAbstractItemView::SelectRows);
  ranks_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(job_text_);
  layout->addWidget(ranks_, 1);
  layout->addWidget(verdict_);
  layout->addWidget(table_, 1);
}

void ComparePanel::markStraggler(QTableWidgetItem& item, const job::Straggler& straggler) const {
  QColor tint = toQColor(present::severityColor(
      analysis::Severity::High, palette().color(QPalette::Base).lightness() < 128 ? present::Theme::Dark : present::Theme::Light));
  tint.setAlpha(60);
  item.setBackground(tint);
  QFont bold = font();
  bold.setBold(true);
  item.setFont(bold);
  item.setToolTip(QString::fromStdString(view::stragglerMark(straggler)));
  item.setData(kStragglerRole, true);
}

void ComparePanel::setDocument(std::shared_ptr<const Document> doc) {
  // docs/gui.md "Jobs": a job's ranks as rows (the report's ranks table), its answer above them.
  QStringList jobLines;
  ranks_->clear();
  ranks_->setRowCount(0);
  if (doc) {
    for (const auto& job : doc->jobs) {
      const report::JobTable t = report::jobTable(job);
      jobLines << "<b>" + QString::fromStdString(t.title).toHtmlEscaped() + "</b>"
               << "<b>" + QString::fromStdString(t.headline).toHtmlEscaped() + "</b>"
               << QString::fromStdString(t.step).toHtmlEscaped() << QString::fromStdString(t.clock).toHtmlEscaped();
      for (const auto& note : t.notes) jobLines << QString::fromStdString(note).toHtmlEscaped();
      QStringList header;
      for (const auto& h : t.header) header << QString::fromStdString(h);
      ranks_->setColumnCount(static_cast<int>(t.header.size()));
      ranks_->setHorizontalHeaderLabels(header);
      for (std::size_t i = 0; i < t.rows.size(); ++i) {
        const auto& row = t.rows[i];
        const int r = ranks_->rowCount();
        ranks_->insertRow(r);
        // The straggler's row stands out as its run header does (docs/gui.md "Jobs").
        const bool straggler = job.straggler && job.straggler->index == i;
        for (std::size_t c = 0; c < row.size(); ++c) {
          auto* item = new QTableWidgetItem(QString::fromStdString(row[c]));
          if (straggler) markStraggler(*item, *job.straggler);
          ranks_->setItem(r, static_cast<int>(c), item);
        }
      }
    }
  }
  job_text_->setText(jobLines.join("<br>"));
  job_text_->setVisible(!jobLines.isEmpty());
  ranks_->setVisible(ranks_->rowCount() > 0);
  ranks_->resizeColumnsToContents();
  // Up to eight ranks show without scrolling; more scroll inside the table.
  const int shownRows = std::min(ranks_->rowCount(), 8);
  int rowsPx = 0;
  for (int r = 0; r < shownRows; ++r) rowsPx += ranks_->rowHeight(r);
  ranks_->setMinimumHeight(ranks_->horizontalHeader()->sizeHint().height() + rowsPx + 2 * ranks_->frameWidth() +
                           style()->pixelMetric(QStyle::PM_ScrollBarExtent));
  // Only ranks open: nothing is A/B-compared.
  table_->setVisible(!(doc && doc->compare_runs.empty()));

  model_->setTable(doc ? doc->compare : view::CompareTable{});
  // With five runs and more, the longest metric names are cut (in the middle) rather than the table
  // scrolling sideways; fewer runs show every name whole.
  // Now, not at the next layout: the window sizes the panel from these widths straight away;
  // fitToWidth() cuts them when the window's width is known.
  sizeColumns(std::numeric_limits<int>::max(), true);
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

bool ComparePanel::sizeColumns(int capPx, bool metricWhole) {
  QHeaderView* header = table_->horizontalHeader();
  const auto* view = static_cast<const QAbstractItemView*>(table_);  // its sizeHintForColumn is public
  bool capped = false;
  for (int c = 0; c < header->count(); ++c) {
    const int wanted = std::max(view->sizeHintForColumn(c), header->sectionSizeHint(c));
    const int limit = c == 0 && metricWhole ? std::numeric_limits<int>::max() : capPx;
    capped = capped || wanted > limit;
    header->resizeSection(c, std::min(wanted, limit));
  }
  return capped;
}

bool ComparePanel::fitToWidth(int availablePx) {
  if (table_->model()->columnCount() == 0 || model_->table().runs.size() < 5) return true;
  QHeaderView* header = table_->horizontalHeader();
  const int charPx = std::max(1, QFontMetrics(header->font()).averageCharWidth());
  std::size_t longestName = 0;
  for (const auto& run : model_->table().runs) longestName = std::max(longestName, view::codePointCount(run));
  // Wider columns with names to fill them first; at the narrowest cap, shorter names (down to
  // view::runNameChars's eight characters for six runs). The metric column keeps its names whole
  // ("prefetched step (predicted)", not "prefetc…dicted") until nothing else is left to give.
  struct Try {
    int cap;
    std::size_t chars;
    bool metricWhole;
  };
  std::vector<Try> tries;
  for (bool metricWhole : {true, false}) {
    for (int cap : kManyRunsColumnCapsPx)
      tries.push_back({cap, static_cast<std::size_t>(std::max(8, cap / charPx - 2)), metricWhole});
    for (std::size_t chars : {12u, 10u}) tries.push_back({kManyRunsMaxColumnPx, chars, metricWhole});
    tries.push_back({kManyRunsMaxColumnPx, view::runNameChars(model_->table().runs.size()), metricWhole});
  }
  bool whole = false;
  for (const Try& t : tries) {
    model_->setNameChars(t.chars);
    whole = !sizeColumns(t.cap, t.metricWhole) && t.chars >= longestName;
    if (fullTableWidth() <= availablePx) break;
  }
  updateGeometry();
  return whole;
}

int ComparePanel::fullTableWidth() const {
  const QMargins margins = layout()->contentsMargins();
  // The vertical scroll bar is counted even when it is hidden: a shorter window shows it, and it must
  // not push the last column under a horizontal one.
  int scrollBar = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, table_->verticalScrollBar());
  int widest = table_->isVisibleTo(this) ? table_->horizontalHeader()->length() + 2 * table_->frameWidth() : 0;
  // A job's ranks table shows whole too (its causes column is the one that may wrap).
  if (ranks_->isVisibleTo(this) && ranks_->rowCount() > 0)
    widest = std::max(widest, ranks_->horizontalHeader()->length() + 2 * ranks_->frameWidth());
  return widest + scrollBar + margins.left() + margins.right();
}

QSize ComparePanel::sizeHint() const {
  return {fullTableWidth(), QWidget::sizeHint().height()};
}

QString ComparePanel::verdictText() const {
  return verdict_->text();
}

QString ComparePanel::jobText() const {
  return job_text_->text();
}

}  // namespace feedscope::ui
