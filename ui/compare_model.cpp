// Compare table model.
#include "ui/compare_model.h"

#include <QBrush>
#include <QGuiApplication>
#include <QPalette>

#include "present/numbers.h"
#include "present/palette.h"
#include "ui/qt_color.h"
#include "view/elide.h"

namespace feedscope::ui {

namespace {

QString withMinusSign(const std::string& text) {
  return QString::fromStdString(present::withMinusSign(text));
}

}  // namespace

QColor CompareModel::deltaColor(bool better, bool dark) {
  return toQColor(present::changeColor(better, dark ? present::Theme::Dark : present::Theme::Light));
}

CompareModel::CompareModel(QObject* parent) : QAbstractTableModel(parent) {}

void CompareModel::setTable(view::CompareTable table) {
  beginResetModel();
  table_ = std::move(table);
  short_names_ = view::distinctNames(table_.runs, name_chars_ > 0 ? name_chars_ : view::runNameChars(table_.runs.size()));
  endResetModel();
}

void CompareModel::setNameChars(std::size_t chars) {
  if (chars == name_chars_) return;
  name_chars_ = chars;
  short_names_ = view::distinctNames(table_.runs, name_chars_ > 0 ? name_chars_ : view::runNameChars(table_.runs.size()));
  if (columnCount() > 0) emit headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
}

int CompareModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(table_.rows.size());
}

int CompareModel::columnCount(const QModelIndex& parent) const {
  if (parent.isValid() || table_.runs.empty()) return 0;
  return static_cast<int>(2 * table_.runs.size());
}

QVariant CompareModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
  const std::size_t r = static_cast<std::size_t>(index.row());
  const auto& row = table_.rows[r];
  const int col = index.column();
  if (col == 0) {
    if (role == Qt::DisplayRole) return QString::fromStdString(row.label);
    if (role == Qt::ToolTipRole) return QString::fromStdString(row.key);
    return {};
  }
  // Column -> run and whether it is the delta.
  std::size_t run = col == 1 ? 0 : static_cast<std::size_t>(col / 2);
  bool isDelta = col > 1 && col % 2 == 1;
  const auto& values = table_.values[r];
  const std::size_t base = run < table_.baseline_of.size() ? table_.baseline_of[run] : 0;
  if (isDelta) {
    switch (role) {
      case Qt::DisplayRole:
        if (!values[base] || !values[run]) return QString();
        return withMinusSign(present::formatMetricChange(row.unit, values[base], values[run]));
      case kValueRole:
        if (values[base] && values[run]) return *values[run] - *values[base];
        return {};
      case Qt::ForegroundRole: {
        // Better green, worse red, a change within noise grey (docs/metrics.md, comparison).
        if (!values[base] || !values[run]) return {};
        const present::Theme theme = themeOf(QGuiApplication::palette().color(QPalette::Base));
        return QBrush(toQColor(present::changeColor(table_.improved(r, run), theme)));
      }
      case Qt::ToolTipRole: {
        // The colour alone does not say it to everyone.
        if (!values[base] || !values[run]) return {};
        auto better = table_.improved(r, run);
        QString verdict = !better ? tr("within noise") : *better ? tr("better") : tr("worse");
        QString text = tr("%1 − %2: %3")
                           .arg(QString::fromStdString(table_.runs[run]),
                                QString::fromStdString(table_.runs[base]), verdict);
        // Times and shares have a direction that is worth saying; counts are coloured as the reports
        // colour them, without a claim.
        if (row.unit != analysis::MetricUnit::Count)
          text += row.lower_is_better ? tr(" (lower is better)") : tr(" (higher is better)");
        return text;
      }
      case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
      default:
        return {};
    }
  }
  switch (role) {
    case Qt::DisplayRole:
      return QString::fromStdString(present::formatMetricValue(row.unit, values[run]));
    case kValueRole:
      if (values[run]) return *values[run];
      return {};
    case Qt::TextAlignmentRole:
      return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    default:
      return {};
  }
}

QVariant CompareModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section > 1 && section % 2 == 1) {
    std::size_t run = static_cast<std::size_t>(section / 2);
    const std::size_t base = run < table_.baseline_of.size() ? table_.baseline_of[run] : 0;
    return tr("%1 − %2").arg(QString::fromStdString(table_.runs[run]),
                             QString::fromStdString(table_.runs[base]));
  }
  if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section >= 1 && section < columnCount()) {
    return QString::fromStdString(table_.runs[section == 1 ? 0 : static_cast<std::size_t>(section / 2)]);
  }
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section >= columnCount()) {
    return QAbstractTableModel::headerData(section, orientation, role);
  }
  if (section == 0) return tr("Metric");
  std::size_t run = section == 1 ? 0 : static_cast<std::size_t>(section / 2);
  // Cut in the middle, shorter the more runs there are; the tooltip has the whole name.
  QString name = QString::fromStdString(short_names_[run]);
  // Five runs and more: a Δ column is named by the run column before it; its tooltip says which.
  if (section > 1 && section % 2 == 1) return table_.runs.size() >= 5 ? tr("Δ") : tr("Δ %1").arg(name);
  return name;
}

}  // namespace feedscope::ui
