// The findings of every opened run as one list: each root finding with its cost, followed by its
// parts ("of which ..."), roots most severe first across runs; a job's own findings (the straggler,
// job/job_findings.h) first of all, their cost a share of the job's step and
// their Run column "job NAME". Columns: the finding (it takes the
// width and wraps; the severity is its colour mark), its cost (roots as a share of the GPU window, so
// the column adds up; parts in brackets, inside their root's), and the run (elided, shown only when
// several runs are open). Each row keeps its evidence ranges so the panel can zoom the timeline there.
#pragma once

#include <QAbstractTableModel>
#include <QFontMetrics>
#include <QStringList>
#include <QString>
#include <memory>
#include <vector>

#include "analysis/finding.h"
#include "ui/document.h"

namespace feedscope::ui {

class FindingsModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Title = 0, Cost, Run, ColumnCount };
  // Characters of a run name in the Run column (its fixed width; the tooltip has the whole name).
  static constexpr std::size_t kRunNameChars = 12;
  // Sorting key of the severity, the full text of a row, and whether it is a part.
  static constexpr int kSeverityRankRole = Qt::UserRole + 1;
  static constexpr int kSentenceRole = Qt::UserRole + 2;
  static constexpr int kFixRole = Qt::UserRole + 3;
  static constexpr int kIsPartRole = Qt::UserRole + 4;

  explicit FindingsModel(QObject* parent = nullptr);
  void setDocument(std::shared_ptr<const Document> doc);
  // The Run column's names cut to `widthPx` of `metrics` (ui/run_name_elision.h): the view shows
  // them whole rather than cutting a cut name again in its middle ("…cust…atch").
  void fitRunNames(const QFontMetrics& metrics, int widthPx);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  const analysis::Finding* finding(int row) const;
  std::size_t runOf(int row) const;
  // "costs 2.00 ms of GPU idle time (...)", or for a job's finding "costs the job ... of the step".
  std::string costDescription(int row) const;
  // What the roots of each run's GPUs explain and leave unexplained, one line per GPU with findings:
  // "h200_trap · GPU 0: findings explain 48.73 % of the window; unexplained 0.41 %".
  QString summary() const;

 private:
  struct Entry {
    std::size_t run;  // whose clock the finding's evidence is on (a job finding: its rank's)
    const analysis::Finding* finding;
    const job::JobAnalysis* job = nullptr;  // set for a job's own finding
  };
  std::shared_ptr<const Document> doc_;
  std::vector<Entry> entries_;
  // The Run column's text: the run names cut by view/elide.h's rule, whole in the tooltip.
  QStringList run_names_;
};

}  // namespace feedscope::ui
