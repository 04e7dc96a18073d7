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
#include "present/job_phrases.h"
#include "ui/run_name_elision.h"
#include "present/phrases.h"
#include "trace/units.h"
#include "ui/qt_color.h"
#include "view/elide.h"

namespace feedscope::ui {

namespace {

// The run whose clock a job finding's evidence is on: the straggler's (job/straggler.h gives its
// collectives' lead-ups in its own times), else the job's first rank.
std::size_t runOfJobFinding(const job::JobAnalysis& job) {
  for (const auto& rank : job.ranks) {
    if (job.straggler && rank.rank == job.straggler->rank && rank.run != job::kNoRun) return rank.run;
  }
  return job.ranks.empty() ? 0 : job.ranks.front().run;
}

}  // namespace

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
    for (const job::JobAnalysis& job : doc_->jobs) {
      for (const analysis::Finding& f : job.findings) blocks.push_back({{runOfJobFinding(job), &f, &job}});
    }
    for (std::size_t r = 0; r < doc_->analyses.size(); ++r) {
      for (const analysis::Finding* f : doc_->analyses[r].allFindings()) {
        if (f->isRoot() || blocks.empty()) blocks.emplace_back();
        blocks.back().push_back({r, f});
      }
    }
    // A job's own findings (the straggler, lateness that moves) come first whatever their severity:
    // they say why every rank's findings are there (issue 34, item 4).
    std::stable_sort(blocks.begin(), blocks.end(), [](const auto& a, const auto& b) {
      const bool jobA = a.front().job != nullptr, jobB = b.front().job != nullptr;
      if (jobA != jobB) return jobA;
      return a.front().finding->severity > b.front().finding->severity;
    });
    for (const auto& block : blocks) entries_.insert(entries_.end(), block.begin(), block.end());
  }
  endResetModel();
}

void FindingsModel::fitRunNames(const QFontMetrics& metrics, int widthPx) {
  if (!doc_) return;
  QStringList full;
  for (const auto& a : doc_->analyses) full << QString::fromStdString(a.run_name);
  run_names_ = elideRunNames(full, metrics, widthPx);
  if (rowCount() > 0) emit dataChanged(index(0, Run), index(rowCount() - 1, Run), {Qt::DisplayRole});
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

std::string FindingsModel::costDescription(int row) const {
  const Entry& e = entries_.at(static_cast<std::size_t>(row));
  return e.job != nullptr ? present::jobFindingCostText(e.finding->cost_ns, e.finding->cost_pct)
                          : present::findingCostText(*e.finding);
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

// A job finding's cost is a share of the job's step (present::jobFindingCostText), not of a window.
QString costText(const analysis::Finding& f, bool ofJob) {
  if (f.cost_ns <= 0) return {};
  // On two lines, so the column stays as narrow as the percentages of the runs' findings.
  if (ofJob) return QString::fromStdString(trace::formatPct(f.cost_pct)) + QObject::tr("\nof step");
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
          return costText(f, e.job != nullptr);
        case Run:
          return e.job != nullptr ? tr("job %1").arg(QString::fromStdString(e.job->name))
                                  : run_names_.value(static_cast<int>(e.run));
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
                                                    costDescription(index.row()))
                                 .toHtmlEscaped(),
                             QString::fromStdString(f.sentence).toHtmlEscaped(), tr("Fix:"),
                             QString::fromStdString(f.fix).toHtmlEscaped());
      if (index.column() == Run) {
        const std::string who = e.job != nullptr ? "job " + e.job->name : doc_->analyses[e.run].run_name;
        tip += "<p>" + QString::fromStdString(who).toHtmlEscaped() + "</p>";
      }
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
