// What a report shows: the analysed runs of one input and, optionally, a comparison. Every report
// writer (text, JSON, Markdown, HTML) and the GUI's export take this.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/comparison.h"
#include "analysis/comparison_table.h"
#include "analysis/run_analysis.h"
#include "importers/trace_folder.h"
#include "job/job_analysis.h"
#include "trace/session.h"

namespace feedscope::report {

struct Report {
  std::string input;  // the file the report is about
  std::vector<const trace::Run*> runs;
  std::vector<analysis::RunAnalysis> analyses;  // analyses[i] is of runs[i]
  std::vector<analysis::RunComparison> comparisons;  // B against A, in the order asked
  // With two runs or more: every run and GPU in one table against the baseline run.
  std::optional<analysis::ComparisonTable> table;
  // run_strings[i] holds the names of runs[i] (runs of a --compare file have their own table).
  // Optional: without it, writers that show trace names (the HTML report's kernel table) skip them.
  std::vector<const trace::StringTable*> run_strings;
  // Runs that are ranks of one job, read as one (job/job_analysis.h); their ranks' `run` indexes
  // point into `runs`. Ranks of one job are never compared with each other.
  std::vector<job::JobAnalysis> jobs;
  // Files of the input that could not be read ("FILE: why"): the report is of the others, and a job
  // reads such a file's rank as missing.
  std::vector<std::string> unread;

  const trace::StringTable* stringsOf(std::size_t run) const {
    return run < run_strings.size() ? run_strings[run] : nullptr;
  }
};

// Analyses `session`'s runs (all, or those named) into a report.
Report buildReport(const trace::Session& session, const std::string& input, const analysis::AnalysisOptions& options,
                   const std::vector<std::string>& runNames = {});

// The report of a folder opened file by file (io::openTraceFolderFiles): each session's runs analysed
// on `workers` threads, the ranks among them read as jobs named after the folder, the files that could
// not be read said. The sessions must outlive the report.
Report buildFolderReport(const io::FolderFiles& files, const std::string& input, const analysis::AnalysisOptions& options,
                         std::size_t workers);

// A report of rank summaries (.fssum, `feedscope summarize`): their jobs (told apart as a folder's
// runs are, job/job_grouping.h; a summary of no job is a job of its own), no runs. `unread`: the
// summaries that could not be read.
Report buildSummaryReport(std::vector<job::RankSummary> summaries, const std::string& input,
                          const std::vector<io::UnreadFile>& unread = {});

// The report of runs already read and analysed (`analyses[i]` of `runs[i]`, whose names `strings[i]`
// holds): their jobs found and analysed, the files of the input that could not be read said and noted
// in the jobs they are missing from. What buildReport and buildFolderReport return and what the GUI
// exports (ui/exporters.cpp): one report for the same input, whoever read it. Compare with
// compareAgainst afterwards.
Report assembleReport(const std::string& input, std::vector<const trace::Run*> runs,
                      std::vector<const trace::StringTable*> strings, std::vector<analysis::RunAnalysis> analyses,
                      const std::vector<io::UnreadFile>& unread = {});

// The jobs among `runs` (`analyses[i]`, `strings[i]` of runs[i]), named as the report names them;
// `input` names a job that is a whole input (a folder of rank traces). For the GUI as for reports.
// `unread`: files of the input not read, noted in each job whose rank they would have been.
std::vector<job::JobAnalysis> findAndAnalyzeJobs(const std::vector<const trace::Run*>& runs,
                                                 const std::vector<const analysis::RunAnalysis*>& analyses,
                                                 const std::vector<const trace::StringTable*>& strings,
                                                 const std::string& input,
                                                 const std::vector<io::UnreadFile>& unread = {});

// Adds the runs, analyses and jobs of `other` (a --compare file) after this report's; `strings` holds
// the names of its runs.
void appendReport(Report& report, Report&& other, const trace::StringTable* strings);

// The job `run` is a rank of, or nullptr.
const job::JobAnalysis* jobOf(const Report& report, std::size_t run);

// What is compared with what when run `baseline` is the baseline (docs/metrics.md, "What is compared
// with what"): every other run, in run order, with the run it is compared with — the baseline, or for
// a rank of another job the baseline job's rank of the same number. Ranks of the baseline's own job
// are not compared (they run at one speed). The one rule for reports, exports and the GUI's Compare tab.
struct ComparedRun {
  std::size_t run = 0;
  std::size_t against = 0;
};
std::vector<ComparedRun> comparedRuns(const std::vector<job::JobAnalysis>& jobs, std::size_t runCount,
                                      std::size_t baseline);
// Whether anything is compared with anything (two jobs or single runs, or more): then every run
// leads with an A/B lane in the timeline, since any may become the baseline.
bool anythingCompared(const std::vector<job::JobAnalysis>& jobs, std::size_t runCount);
// The runs of the comparison table, in run order: the baseline and every run compared
// (`baselineColumn`: where the baseline is among them).
std::vector<std::size_t> comparedTableRuns(const std::vector<ComparedRun>& compared, std::size_t baseline,
                                           std::size_t& baselineColumn);

// Compares the report's runs as comparedRuns says: the pairwise comparisons and the one table (the
// baseline and every run compared). Nothing with fewer than two runs or nothing to compare.
void compareAgainst(Report& report, std::size_t baseline);

std::string renderTextReport(const Report& report);
std::string renderMarkdownReport(const Report& report);
// The stable JSON interface documented in docs/report-json.md.
std::string renderJsonReport(const Report& report);
// One self-contained HTML page (inline CSS and SVG, no script, no network) that prints well: the
// verdict first, then comparisons, charts, and per run the figures, timeline strips and findings.
// Every string from a trace is escaped.
std::string renderHtmlReport(const Report& report);

}  // namespace feedscope::report
