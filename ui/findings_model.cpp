// Findings table.
#include "ui/findings_model.h"

#include <QBrush>
#include <QColor>
#include <algorithm>

#include "trace/units.h"

namespace feedscope::ui {

FindingsModel::FindingsModel(QObject* parent) : QAbstractTableModel(parent) {}

void FindingsModel::setDocument(std::shared_ptr<const Document> doc) {
  beginResetModel();
  doc_ = std::move(doc);
  entries_.clear();
  if (doc_) {
    for (std::size_t r = 0; r < doc_->analyses.size(); ++r) {
      for (const analysis::Finding* f : doc_->analyses[r].allFindings()) entries_.push_back({r, f});
    }
    // Most severe first across runs; within a severity, run order.
    std::stable_sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) {
      return a.finding->severity > b.finding->severity;
    });
  }
  endResetModel();
}

int FindingsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(entries_.size());
}

int FindingsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

const analysis::Finding* FindingsModel::finding(int row) const {
  return row >= 0 && row < rowCount() ? entries_[static_cast<std::size_t>(row)].finding : nullptr;
}

std::size_t FindingsModel::runOf(int row) const {
  return entries_[static_cast<std::size_t>(row)].run;
}

QVariant FindingsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
  const Entry& e = entries_[static_cast<std::size_t>(index.row())];
  const analysis::Finding& f = *e.finding;
  switch (role) {
    case Qt::DisplayRole:
      switch (index.column()) {
        case Severity:
          return QString::fromUtf8(analysis::severityName(f.severity));
        case Run:
          return QString::fromStdString(doc_->analyses[e.run].run_name);
        case Title:
          return QString::fromStdString(f.title);
        case Cost:
          return f.time_ns > 0 ? QString::fromStdString(trace::formatDuration(f.time_ns) + " (" +
                                                        trace::formatPct(f.time_pct) + ")")
                               : QString();
        default:
          break;
      }
      break;
    case Qt::ToolTipRole:
      // Rich text, so Qt wraps the sentence instead of showing one screen-wide line; the title comes
      // first because a narrow dock cuts it.
      return QStringLiteral("<p><b>%1</b></p><p>%2</p><p><b>%3</b> %4</p>")
          .arg(QString::fromStdString(f.title).toHtmlEscaped(),
               QString::fromStdString(f.sentence).toHtmlEscaped(), tr("Fix:"),
               QString::fromStdString(f.fix).toHtmlEscaped());
    case kSeverityRankRole:
      return static_cast<int>(f.severity);
    case kSentenceRole:
      return QString::fromStdString(f.sentence);
    case kFixRole:
      return QString::fromStdString(f.fix);
    case Qt::ForegroundRole:
      if (index.column() == Severity) {
        switch (f.severity) {
          case analysis::Severity::High:
            return QBrush(QColor(0xd0, 0x30, 0x20));
          case analysis::Severity::Medium:
            return QBrush(QColor(0xd0, 0x80, 0x10));
          default:
            break;
        }
      }
      break;
    default:
      break;
  }
  return {};
}

QVariant FindingsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return QAbstractTableModel::headerData(section, orientation, role);
  switch (section) {
    case Severity:
      return tr("Severity");
    case Run:
      return tr("Run");
    case Title:
      return tr("Finding");
    case Cost:
      return tr("Costs");
    default:
      return {};
  }
}

}  // namespace feedscope::ui
