// The findings of every opened run as a table: severity, run, what was found, what it costs. Each
// row keeps its evidence ranges so the panel can zoom the timeline to them.
#pragma once

#include <QAbstractTableModel>
#include <memory>
#include <vector>

#include "analysis/finding.h"
#include "ui/document.h"

namespace feedscope::ui {

class FindingsModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Severity = 0, Run, Title, Cost, ColumnCount };
  // Sorting key of the severity column and the full text of a row.
  static constexpr int kSeverityRankRole = Qt::UserRole + 1;
  static constexpr int kSentenceRole = Qt::UserRole + 2;
  static constexpr int kFixRole = Qt::UserRole + 3;

  explicit FindingsModel(QObject* parent = nullptr);
  void setDocument(std::shared_ptr<const Document> doc);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  const analysis::Finding* finding(int row) const;
  std::size_t runOf(int row) const;

 private:
  struct Entry {
    std::size_t run;
    const analysis::Finding* finding;
  };
  std::shared_ptr<const Document> doc_;
  std::vector<Entry> entries_;
};

}  // namespace feedscope::ui
