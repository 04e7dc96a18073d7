// Findings panel.
#include "ui/findings_panel.h"

#include <QHeaderView>
#include <QStyle>
#include <QLabel>
#include <QTableView>
#include <QHBoxLayout>
#include <QTextBrowser>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

#include "present/phrases.h"
#include "ui/findings_model.h"

namespace feedscope::ui {

namespace {
// The run column with several runs open: room for a short name, the rest elided in the middle.
constexpr int kRunColumnWidth = 84;
}  // namespace

FindingsPanel::FindingsPanel(QWidget* parent)
    : QWidget(parent),
      model_(new FindingsModel(this)),
      table_(new QTableView(this)),
      text_(new QTextBrowser(this)),
      summary_(new QLabel(this)),
      summary_toggle_(new QToolButton(this)) {
  setObjectName("findingsPanel");
  table_->setObjectName("findingsTable");
  table_->setModel(model_);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->verticalHeader()->hide();
  // The finding takes the width of the dock and wraps onto more lines rather than being cut, each row
  // as tall as its title; the cost takes what it needs; the run (only with several runs open) is held
  // narrow and elided in the middle, whatever its file name, so that it never pushes the finding out.
  QHeaderView* header = table_->horizontalHeader();
  header->setStretchLastSection(false);
  header->setSectionResizeMode(FindingsModel::Title, QHeaderView::Stretch);
  header->setSectionResizeMode(FindingsModel::Cost, QHeaderView::ResizeToContents);
  header->setSectionResizeMode(FindingsModel::Run, QHeaderView::Fixed);
  header->resizeSection(FindingsModel::Run, kRunColumnWidth);
  table_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->setWordWrap(true);
  table_->setTextElideMode(Qt::ElideMiddle);
  table_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  summary_->setObjectName("findingsSummary");
  summary_->setWordWrap(true);
  summary_->setContentsMargins(4, 2, 4, 2);
  summary_->setMinimumWidth(1);  // a long run name never widens the dock
  summary_toggle_->setObjectName("findingsSummaryToggle");
  summary_toggle_->setAutoRaise(true);
  connect(summary_toggle_, &QToolButton::clicked, this, [this] {
    summary_unfolded_ = !summary_unfolded_;
    showSummary();
  });
  text_->setObjectName("findingText");
  text_->setOpenLinks(false);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* summaryRow = new QHBoxLayout;
  summaryRow->addWidget(summary_, 1);
  summaryRow->addWidget(summary_toggle_, 0, Qt::AlignTop);
  layout->addLayout(summaryRow);
  // The findings are the answer: the list has more of the dock than the chosen one's text.
  layout->addWidget(table_, 3);
  layout->addWidget(text_, 2);
  connect(table_, &QTableView::clicked, this, [this](const QModelIndex& index) { activate(index.row()); });
  // The selection, not the current index: a table that merely receives focus gets a current index
  // without a selected row, and the text must not describe a finding nobody chose.
  connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
    QModelIndexList rows = table_->selectionModel()->selectedRows();
    if (!rows.isEmpty()) showFinding(rows.front().row());
  });
  // Evidence links are "evidence:ROW:RANGE".
  connect(text_, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
    QStringList parts = url.toString().split(':');
    if (parts.size() == 3 && parts[0] == "evidence") requestEvidence(parts[1].toInt(), parts[2].toInt());
  });
}

void FindingsPanel::setDocument(std::shared_ptr<const Document> doc) {
  doc_ = doc;
  model_->setDocument(std::move(doc));
  // The cell's padding and the severity mark's room aside (the style's item margins).
  model_->fitRunNames(QFontMetrics(table_->font()), kRunColumnWidth - 2 * style()->pixelMetric(QStyle::PM_FocusFrameHMargin) - 8);
  table_->setColumnHidden(FindingsModel::Run, !doc_ || doc_->analyses.size() < 2);
  summary_unfolded_ = false;
  showSummary();
  text_->setHtml(model_->rowCount() == 0
                     ? tr("<p>No findings.</p>")
                     : tr("<p>Click a finding to see why it matters, how to fix it, and where it "
                          "happened on the timeline.</p>"));
}

void FindingsPanel::showSummary() {
  const QStringList lines = model_->summary().split('\n', Qt::SkipEmptyParts);
  const bool foldable = lines.size() >= 3;
  const bool folded = foldable && !summary_unfolded_;
  summary_->setText(folded ? lines.front() : lines.join('\n'));
  summary_->setVisible(!lines.isEmpty());
  summary_toggle_->setVisible(foldable);
  summary_toggle_->setText(folded ? tr("▸ %n more", "", static_cast<int>(lines.size() - 1)) : tr("▴ less"));
}

QString FindingsPanel::summaryText() const {
  return summary_->text();
}

void FindingsPanel::activate(int row) {
  showFinding(row);
  requestEvidence(row, 0);
}

void FindingsPanel::showFinding(int row) {
  const analysis::Finding* f = model_->finding(row);
  if (f == nullptr) return;
  QString html = QStringLiteral("<h3>%1</h3><p><i>%2</i></p><p>%3</p><p><b>%4</b> %5</p>")
                     .arg(QString::fromStdString(f->title).toHtmlEscaped(),
                          QString::fromStdString(std::string(present::findingPrefix(*f)) +
                                                 std::string(analysis::severityName(f->severity)) + " · " +
                                                 model_->costDescription(row))
                              .toHtmlEscaped(),
                          QString::fromStdString(f->sentence).toHtmlEscaped(), tr("Fix:"),
                          QString::fromStdString(f->fix).toHtmlEscaped());
  if (!f->ranges.empty()) {
    html += tr("<p>Evidence (click to show it on the timeline):</p><ul>");
    for (std::size_t k = 0; k < f->ranges.size(); ++k) {
      html += QStringLiteral("<li><a href=\"evidence:%1:%2\">%3</a></li>")
                  .arg(row)
                  .arg(k)
                  .arg(QString::fromStdString(f->ranges[k].label).toHtmlEscaped());
    }
    html += "</ul>";
  }
  text_->setHtml(html);
}

void FindingsPanel::requestEvidence(int row, int range) {
  const analysis::Finding* f = model_->finding(row);
  if (f == nullptr || !doc_ || !doc_->timeline || range < 0 ||
      static_cast<std::size_t>(range) >= f->ranges.size())
    return;
  std::size_t run = model_->runOf(row);
  const auto& span = f->ranges[static_cast<std::size_t>(range)].span;
  view::TimeRange r{doc_->timeline->toDisplay(run, span.start), doc_->timeline->toDisplay(run, span.end)};
  emit evidenceRequested(r, run);
}

}  // namespace feedscope::ui
