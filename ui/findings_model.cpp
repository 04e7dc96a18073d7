// Findings table.
#include "ui/findings_model.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QGuiApplication>
#include <QIcon>
#include <QPainter>
#include <QPixmap>
#include <QStringList>
#include <QPalette>
#include <algorithm>

#include "present/palette.h"
#include "present/phrases.h"
#include "trace/units.h"
#include "ui/qt_color.h"
#include "view/elide.h"

namespace feedscope::ui {

FindingsModel::FindingsModel(QObject* parent) : QAbstractTableModel(parent) {}

void FindingsModel::setDocument(std::shared_ptr<const Document> doc) {
  beginResetModel();
  doc_ = std::move(doc);
  entries_.clear();
  run_names_.clear();
  if (doc_) {
    std::vector<std::string> names;
    for (const auto& a : doc_->analyses) names.push_back(a.run_name);
    for (const auto& n : view::distinctNames(names, kRunNameChars)) run_names_ << QString::fromStdString(n);
    // Blocks of a root and its parts (each run lists them so), ordered by their root's severity
    // across runs; within a severity, run order.
    std::vector<std::vector<Entry>> blocks;
    for (std::size_t r = 0; r < doc_->analyses.size(); ++r) {
      for (const analysis::Finding* f : doc_->analyses[r].allFindings()) {
        if (f->isRoot() || blocks.empty()) blocks.emplace_back();
        blocks.back().push_back({r, f});
      }
    }
    std::stable_sort(blocks.begin(), blocks.end(), [](const auto& a, const auto& b) {
      return a.front().finding->severity > b.front().finding->severity;
    });
    for (const auto& block : blocks) entries_.insert(entries_.end(), block.begin(), block.end());
  }
  endResetModel();
}

QString FindingsModel::summary() const {
  QStringList lines;
  if (!doc_) return {};
  for (std::size_t r = 0; r < doc_->analyses.size(); ++r) {
    const auto& a = doc_->analyses[r];
    for (const auto& d : a.devices) {
      if (d.findings.empty()) continue;
      const trace::TimeNs explained = d.whole.starvation_ns - d.unexplained_ns;
      lines << tr("%1 · GPU %2: starved %3; findings explain %4, unexplained %5")
                   .arg(run_names_.value(static_cast<int>(r)))
                   .arg(d.device)
                   .arg(QString::fromStdString(trace::formatPct(d.whole.starvationPct())),
                        QString::fromStdString(trace::formatPct(d.whole.pct(explained))),
                        QString::fromStdString(trace::formatPct(d.whole.pct(d.unexplained_ns))));
    }
  }
  return lines.join('\n');
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

namespace {

// A small square of the severity's colour, the finding's mark in the list.
QIcon severityMark(analysis::Severity severity) {
  QPixmap mark(10, 10);
  mark.fill(Qt::transparent);
  QPainter p(&mark);
  p.fillRect(QRect(1, 1, 8, 8),
             toQColor(present::severityColor(severity, themeOf(QGuiApplication::palette().color(QPalette::Base)))));
  return QIcon(mark);
}

QString costText(const analysis::Finding& f) {
  if (f.cost_ns <= 0) return {};
  const QString pct = QString::fromStdString(trace::formatPct(f.cost_pct));
  return f.isRoot() ? pct : "(" + pct + ")";
}

}  // namespace

QVariant FindingsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) return {};
  const Entry& e = entries_[static_cast<std::size_t>(index.row())];
  const analysis::Finding& f = *e.finding;
  switch (role) {
    case Qt::DisplayRole:
      switch (index.column()) {
        case Title:
          return f.isRoot() ? QString::fromStdString(f.title)
                            : QString::fromUtf8("\u21b3 ") + tr("of which: ") + QString::fromStdString(f.title);
        case Cost:
          return costText(f);
        case Run:
          return run_names_.value(static_cast<int>(e.run));
        default:
          break;
      }
      break;
    case Qt::DecorationRole:
      if (index.column() == Title) return severityMark(f.severity);
      break;
    case Qt::FontRole:
      if (index.column() == Title && f.isRoot()) {
        QFont bold;
        bold.setBold(true);
        return bold;
      }
      break;
    case Qt::TextAlignmentRole:
      if (index.column() == Cost) return QVariant::fromValue(Qt::AlignRight | Qt::AlignTop);
      return QVariant::fromValue(Qt::AlignLeft | Qt::AlignTop);
    case Qt::ToolTipRole: {
      // Rich text, so Qt wraps the sentence instead of showing one screen-wide line; the title comes
      // first because a narrow dock cuts it.
      QString tip = QStringLiteral("<p><b>%1</b></p><p>%2</p><p>%3</p><p><b>%4</b> %5</p>")
                        .arg(QString::fromStdString(f.title).toHtmlEscaped(),
                             QString::fromStdString(std::string(analysis::severityName(f.severity)) + " · " +
                                                    present::findingCostText(f))
                                 .toHtmlEscaped(),
                             QString::fromStdString(f.sentence).toHtmlEscaped(), tr("Fix:"),
                             QString::fromStdString(f.fix).toHtmlEscaped());
      if (index.column() == Run) tip += "<p>" + QString::fromStdString(doc_->analyses[e.run].run_name).toHtmlEscaped() + "</p>";
      return tip;
    }
    case kSeverityRankRole:
      return static_cast<int>(f.severity);
    case kIsPartRole:
      return !f.isRoot();
    case kSentenceRole:
      return QString::fromStdString(f.sentence);
    case kFixRole:
      return QString::fromStdString(f.fix);
    case Qt::ForegroundRole:
      if (index.column() == Cost && !f.isRoot()) return QGuiApplication::palette().brush(QPalette::PlaceholderText);
      break;
    default:
      break;
  }
  return {};
}

QVariant FindingsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == Cost) {
    return tr("The GPU idle time each finding explains, as a share of the GPU window. Root findings add up "
              "to at most the starvation; a part (in brackets) is inside its root's cost.");
  }
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    return QAbstractTableModel::headerData(section, orientation, role);
  switch (section) {
    case Run:
      return tr("Run");
    case Title:
      return tr("Finding");
    case Cost:
      return tr("Cost");
    default:
      return {};
  }
}

}  // namespace feedscope::ui
