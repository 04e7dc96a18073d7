// The compare view's table as an item model: one row per metric, for each run its value and, from the
// second run on, the difference to the first as the CLI prints it (with a true minus sign), coloured
// by whether it got better and saying so in its tooltip.
#pragma once

#include <QAbstractTableModel>
#include <QColor>

#include "view/compare_table.h"

namespace feedscope::ui {

class CompareModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  // The raw figure behind a value or delta cell (double), for sorting and tests.
  static constexpr int kValueRole = Qt::UserRole + 1;

  // Green for better, red for worse; lighter on a dark background, where the light theme's are dim.
  static QColor deltaColor(bool better, bool dark);

  explicit CompareModel(QObject* parent = nullptr);
  void setTable(view::CompareTable table);
  const view::CompareTable& table() const { return table_; }
  // Characters of a run name in the header (0: as many as view::runNameChars gives the run count).
  void setNameChars(std::size_t chars);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  // Column layout: 0 metric; run 0's value; then for each further run its value and its delta.
  int valueColumn(std::size_t run) const { return run == 0 ? 1 : static_cast<int>(2 * run); }
  int deltaColumn(std::size_t run) const { return static_cast<int>(2 * run + 1); }

 private:
  view::CompareTable table_;
  // The header's run names: cut by view/elide.h's rule to what `name_chars_` allows.
  std::vector<std::string> short_names_;
  std::size_t name_chars_ = 0;
};

}  // namespace feedscope::ui
