// The Tables tab of the bottom dock: the events of the selected range (or of everything, without a
// selection) in a sortable table whose double-click jumps to the event, and summaries per kernel name
// and per copy kind. Ctrl+C copies the selected rows as tab-separated text.
#pragma once

#include <QAbstractTableModel>
#include <QWidget>
#include <memory>
#include <optional>

#include "ui/document.h"
#include "view/event_tables.h"

class QLabel;
class QTabWidget;
class QTableView;

namespace feedscope::ui {

class EventsModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  using QAbstractTableModel::QAbstractTableModel;
  void setEvents(const view::TimelineModel* model, std::vector<view::EventRow> rows);
  const view::EventRow& event(int row) const { return rows_[static_cast<std::size_t>(row)]; }
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  void sort(int column, Qt::SortOrder order) override;
  QString text(int row, int column) const;

 private:
  const view::TimelineModel* model_ = nullptr;
  std::vector<view::EventRow> rows_;
};

class SummaryModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  using QAbstractTableModel::QAbstractTableModel;
  void setRows(const view::TimelineModel* model, std::vector<view::SummaryRow> rows);
  const view::SummaryRow& summary(int row) const { return rows_[static_cast<std::size_t>(row)]; }
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  void sort(int column, Qt::SortOrder order) override;
  QString text(int row, int column) const;

 private:
  const view::TimelineModel* model_ = nullptr;
  std::vector<view::SummaryRow> rows_;
};

class TablesPanel : public QWidget {
  Q_OBJECT

 public:
  // More events than this are counted, not listed.
  static constexpr std::size_t kMaxEvents = 200'000;

  explicit TablesPanel(QWidget* parent = nullptr);
  void setDocument(std::shared_ptr<const Document> doc);
  const Document* document() const { return doc_.get(); }
  // The range the tables cover; none: everything.
  void setRange(std::optional<view::TimeRange> range);

  QTableView* eventsView() const { return events_view_; }
  QTableView* kernelsView() const { return kernels_view_; }
  QTableView* copiesView() const { return copies_view_; }
  QTableView* hostWaitView() const { return host_wait_view_; }
  QString rangeText() const;
  // The selected rows of a table as TSV with its header (what Ctrl+C puts on the clipboard).
  static QString selectedRowsAsTsv(const QTableView* view);

 signals:
  void eventRequested(const view::ItemRef& item);

 protected:
  void showEvent(QShowEvent* event) override;
  // Ctrl+C on a table: the selected rows as TSV (a table view on its own copies only the current cell).
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void refresh();
  // The events table's number columns as wide as their widest text, measured where it is.
  void fitNumberColumns();
  QTableView* makeView(QAbstractTableModel* model);

  std::shared_ptr<const Document> doc_;
  std::optional<view::TimeRange> range_;
  bool dirty_ = true;
  QLabel* range_label_;
  QTabWidget* tabs_;
  EventsModel* events_;
  SummaryModel* kernels_;
  SummaryModel* copies_;
  SummaryModel* host_wait_;  // "host: other" by the host range that kept the GPU waiting
  QTableView* events_view_;
  QTableView* kernels_view_;
  QTableView* copies_view_;
  QTableView* host_wait_view_;
};

}  // namespace feedscope::ui
