// Tables panel: item models over the view's event and summary rows.
#include "ui/tables_panel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

#include "present/numbers.h"
#include "view/describe.h"
#include "view/host_wait_table.h"

namespace feedscope::ui {
namespace {

constexpr int kMaxColumnWidth = 420;

QString q(const std::string& s) {
  return QString::fromStdString(s);
}

bool rightAligned(int column, bool summary) {
  if (summary) return column >= static_cast<int>(view::SummaryColumn::Count);
  return column >= static_cast<int>(view::EventColumn::Start);
}

}  // namespace

void EventsModel::setEvents(const view::TimelineModel* model, std::vector<view::EventRow> rows) {
  beginResetModel();
  model_ = model;
  rows_ = std::move(rows);
  endResetModel();
}

int EventsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int EventsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : view::kEventColumnCount;
}

QString EventsModel::text(int row, int column) const {
  return q(view::eventText(*model_, rows_[static_cast<std::size_t>(row)], static_cast<view::EventColumn>(column)));
}

QVariant EventsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || model_ == nullptr) return {};
  if (role == Qt::DisplayRole || role == Qt::ToolTipRole) return text(index.row(), index.column());
  if (role == Qt::TextAlignmentRole && rightAligned(index.column(), false))
    return QVariant(Qt::AlignRight | Qt::AlignVCenter);
  return {};
}

QVariant EventsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  return q(view::eventColumnTitle(static_cast<view::EventColumn>(section)));
}

void EventsModel::sort(int column, Qt::SortOrder order) {
  if (model_ == nullptr || column < 0) return;
  emit layoutAboutToBeChanged();
  view::sortEvents(*model_, rows_, static_cast<view::EventColumn>(column), order == Qt::AscendingOrder);
  emit layoutChanged();
}

void SummaryModel::setRows(const view::TimelineModel* model, std::vector<view::SummaryRow> rows) {
  beginResetModel();
  model_ = model;
  rows_ = std::move(rows);
  endResetModel();
}

int SummaryModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int SummaryModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : view::kSummaryColumnCount;
}

QString SummaryModel::text(int row, int column) const {
  return q(view::summaryText(*model_, rows_[static_cast<std::size_t>(row)], static_cast<view::SummaryColumn>(column)));
}

QVariant SummaryModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || model_ == nullptr) return {};
  if (role == Qt::DisplayRole || role == Qt::ToolTipRole) return text(index.row(), index.column());
  if (role == Qt::TextAlignmentRole && rightAligned(index.column(), true))
    return QVariant(Qt::AlignRight | Qt::AlignVCenter);
  return {};
}

QVariant SummaryModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  return q(view::summaryColumnTitle(static_cast<view::SummaryColumn>(section)));
}

void SummaryModel::sort(int column, Qt::SortOrder order) {
  if (column < 0) return;
  emit layoutAboutToBeChanged();
  view::sortSummary(rows_, static_cast<view::SummaryColumn>(column), order == Qt::AscendingOrder);
  emit layoutChanged();
}

TablesPanel::TablesPanel(QWidget* parent)
    : QWidget(parent),
      range_label_(new QLabel),
      tabs_(new QTabWidget),
      events_(new EventsModel(this)),
      kernels_(new SummaryModel(this)),
      copies_(new SummaryModel(this)),
      host_wait_(new SummaryModel(this)) {
  setObjectName("tablesPanel");
  range_label_->setObjectName("tablesRange");
  range_label_->setContentsMargins(6, 2, 6, 2);
  events_view_ = makeView(events_);
  events_view_->setObjectName("eventsTable");
  kernels_view_ = makeView(kernels_);
  kernels_view_->setObjectName("kernelSummary");
  copies_view_ = makeView(copies_);
  copies_view_->setObjectName("copySummary");
  host_wait_view_ = makeView(host_wait_);
  host_wait_view_->setObjectName("hostWaitSummary");
  connect(events_view_, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
    if (index.isValid()) emit eventRequested(events_->event(index.row()).ref);
  });
  tabs_->setDocumentMode(true);
  tabs_->addTab(events_view_, tr("Events"));
  tabs_->addTab(kernels_view_, tr("Kernels by name"));
  tabs_->addTab(copies_view_, tr("Copies by kind"));
  tabs_->addTab(host_wait_view_, tr("Host wait by range"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(range_label_);
  layout->addWidget(tabs_, 1);
}

QTableView* TablesPanel::makeView(QAbstractTableModel* model) {
  auto* view = new QTableView;
  view->setModel(model);
  view->setSortingEnabled(true);
  view->setSelectionBehavior(QAbstractItemView::SelectRows);
  view->setAlternatingRowColors(true);
  view->verticalHeader()->hide();
  view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 4);
  // The name takes what is left, not the last column (an empty bytes column 1000 px wide).
  view->horizontalHeader()->setStretchLastSection(false);
  view->setWordWrap(false);
  view->setTextElideMode(Qt::ElideMiddle);
  auto* copy = new QAction(tr("Copy rows (Ctrl+C)"), view);
  connect(copy, &QAction::triggered, view, [view] { QApplication::clipboard()->setText(selectedRowsAsTsv(view)); });
  view->addAction(copy);
  view->setContextMenuPolicy(Qt::ActionsContextMenu);
  view->installEventFilter(this);
  return view;
}

bool TablesPanel::eventFilter(QObject* watched, QEvent* event) {
  auto* view = qobject_cast<QTableView*>(watched);
  if (view != nullptr && event->type() == QEvent::KeyPress &&
      static_cast<QKeyEvent*>(event)->matches(QKeySequence::Copy)) {
    QApplication::clipboard()->setText(selectedRowsAsTsv(view));
    return true;
  }
  return QWidget::eventFilter(watched, event);
}

void TablesPanel::setDocument(std::shared_ptr<const Document> doc) {
  doc_ = std::move(doc);
  range_.reset();
  dirty_ = true;
  if (isVisible()) refresh();
}

void TablesPanel::setRange(std::optional<view::TimeRange> range) {
  range_ = range;
  dirty_ = true;
  // Summaries walk every interval of the range: only for a panel someone looks at.
  if (isVisible()) refresh();
}

void TablesPanel::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (dirty_) refresh();
}

void TablesPanel::refresh() {
  dirty_ = false;
  const view::TimelineModel* model = doc_ && doc_->timeline ? doc_->timeline.get() : nullptr;
  if (model == nullptr) {
    events_->setEvents(nullptr, {});
    kernels_->setRows(nullptr, {});
    copies_->setRows(nullptr, {});
    host_wait_->setRows(nullptr, {});
    range_label_->clear();
    return;
  }
  const view::TimeRange range = range_.value_or(model->contentRange());
  view::EventList events = view::collectEvents(*model, range, kMaxEvents);
  const std::size_t listed = events.rows.size();
  events_->setEvents(model, std::move(events.rows));
  kernels_->setRows(model, view::summarize(*model, range, view::SummaryOf::Kernels));
  copies_->setRows(model, view::summarize(*model, range, view::SummaryOf::Copies));
  host_wait_->setRows(model, view::summarizeHostWait(*model, range));
  // A column of byte counts with nothing in it (kernels, a range of host events) is not shown.
  bool anyBytes = false;
  for (int r = 0; r < events_->rowCount() && !anyBytes; ++r) anyBytes = events_->event(r).bytes > 0;
  events_view_->setColumnHidden(static_cast<int>(view::EventColumn::Bytes), !anyBytes);
  kernels_view_->setColumnHidden(static_cast<int>(view::SummaryColumn::Bytes), true);
  for (QTableView* v : {events_view_, kernels_view_, copies_view_, host_wait_view_}) {
    v->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    v->resizeColumnsToContents();
    // Kernel names run to hundreds of characters: a text column never takes more than this, the name
    // is cut in the middle and its tooltip has it whole, so every column stays on screen. Numbers are
    // never cut: their columns take their widest text.
    for (int c = 0; c < v->model()->columnCount(); ++c) {
      if (!rightAligned(c, v != events_view_)) v->setColumnWidth(c, std::min(v->columnWidth(c), kMaxColumnWidth));
    }
  }
  fitNumberColumns();
  QString where = range_
                      ? tr("the selection %1 to %2")
                            .arg(q(present::formatOffset(range.start)), q(present::formatOffset(range.end)))
                      : tr("everything (select a range to narrow it)");
  QString counted = listed < events.total
                        ? tr("%1 of %2 events listed: select a shorter range for the rest")
                              .arg(q(present::withThousands(listed)), q(present::withThousands(events.total)))
                        : tr("%1 events").arg(q(present::withThousands(events.total)));
  range_label_->setText(
      tr("Tables of %1 — %2; summaries count durations inside the range").arg(where, counted));
}

void TablesPanel::fitNumberColumns() {
  // Qt measures the first thousand rows only; a list of 200,000 holds wider numbers further down
  // ("+29780.123456 ms"). The widest of a column is where its value is largest: the first and last
  // start (rows are in time order), the longest duration, the most bytes.
  const int rows = events_->rowCount();
  if (rows == 0) return;
  int longest = 0, biggest = 0;
  for (int r = 1; r < rows; ++r) {
    if (events_->event(r).duration > events_->event(longest).duration) longest = r;
    if (events_->event(r).bytes > events_->event(biggest).bytes) biggest = r;
  }
  const QFontMetrics metrics(events_view_->font());
  // The cell's margins and focus frame, as the style draws them.
  const int padding = 2 * events_view_->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, events_view_) + 12;
  auto fit = [&](view::EventColumn column, std::initializer_list<int> at) {
    const int c = static_cast<int>(column);
    int width = events_view_->columnWidth(c);
    for (int r : at) width = std::max(width, metrics.horizontalAdvance(events_->text(r, c)) + padding);
    events_view_->setColumnWidth(c, width);
  };
  fit(view::EventColumn::Start, {0, rows - 1});
  fit(view::EventColumn::Duration, {longest});
  fit(view::EventColumn::Bytes, {biggest});
}

QString TablesPanel::rangeText() const {
  return range_label_->text();
}

QString TablesPanel::selectedRowsAsTsv(const QTableView* view) {
  const auto* model = view->model();
  std::vector<int> rows;
  for (const QModelIndex& index : view->selectionModel()->selectedRows()) rows.push_back(index.row());
  std::sort(rows.begin(), rows.end());
  std::vector<std::string> header;
  for (int c = 0; c < model->columnCount(); ++c)
    header.push_back(model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString().toStdString());
  std::vector<std::vector<std::string>> cells;
  for (int r : rows) {
    std::vector<std::string> line;
    for (int c = 0; c < model->columnCount(); ++c) line.push_back(model->index(r, c).data().toString().toStdString());
    cells.push_back(std::move(line));
  }
  return q(view::toTsv(header, cells));
}

}  // namespace feedscope::ui
