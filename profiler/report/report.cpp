// Report assembly.
#include "report/report.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "io/input_error.h"
#include "trace/units.h"
#include "trace/utf8.h"

namespace feedscope::report {

Report buildReport(const trace::Session& session, const std::string& input, const analysis::AnalysisOptions& options,
                   const std::vector<std::string>& runNames) {
  Report report;
  report.input = trace::validUtf8(input);  // a path from the command line: any bytes
  if (runNames.empty()) {
    for (const auto& run : session.runs) report.runs.push_back(&run);
  } else {
    for (const auto& name : runNames) {
      const trace::Run* run = session.findRun(name);
      if (run == nullptr) {
        std::string known;
        for (const auto& r : session.runs) known += (known.empty() ? "" : ", ") + r.name;
        throw io::InputError(input + ": no run named '" + name + "' (runs: " + known + ")");
      }
      report.runs.push_back(run);
    }
  }
  for (const trace::Run* run : report.runs) {
    report.analyses.push_back(analysis::analyzeRun(*run, session.strings, options));
    report.run_strings.push_back(&session.strings);
  }
  analyzeJobs(report);
  return report;
}

Report buildSummaryReport(std::vector<job::RankSummary> summaries, const std::vector<std::string>& files,
                          const std::string& input) {
  Report report;
  report.input = trace::validUtf8(input);
  if (summaries.empty()) throw io::InputError(input + ": no rank summaries (.fssum) to join");
  std::vector<std::size_t> order(summaries.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return summaries[a].identity.rank < summaries[b].identity.rank; });
  std::optional<int> world;
  std::vector<job::RankSummary> sorted;
  std::vector<std::string> names;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const job::RankSummary& s = summaries[order[k]];
    if (k > 0 && sorted.back().identity.rank == s.identity.rank) {
      throw io::InputError(fmt::format("{} and {}: two summaries of rank {}", files[order[k - 1]], files[order[k]],
                                       s.identity.rank));
    }
    if (s.identity.world_size) {
      if (world && *world != *s.identity.world_size) {
        throw io::InputError(fmt::format("{}: world size {} where the other summaries say {}: ranks of two jobs?",
                                         files[order[k]], *s.identity.world_size, *world));
      }
      world = s.identity.world_size;
    }
    names.push_back(s.run_name);
    sorted.push_back(std::move(summaries[order[k]]));
  }
  std::string name = job::jobNameOf(names);
  if (name == "job") name = std::filesystem::path(input).filename().string();
  report.jobs.push_back(job::analyzeJob(sorted, {}, world, trace::validUtf8(name)));
  return report;
}

void analyzeJobs(Report& report) {
  report.jobs.clear();
  std::vector<const analysis::RunAnalysis*> analyses;
  for (const auto& a : report.analyses) analyses.push_back(&a);
  const auto groups = job::findJobs(report.runs, report.run_strings);
  for (const job::JobGroup& g : groups) {
    std::vector<std::string> names;
    for (const auto& m : g.members) names.push_back(report.runs[m.run]->name);
    std::string name = job::jobNameOf(names);
    // A whole input that is one job is named by the input (a folder of rank traces).
    if (name == "job" && groups.size() == 1) name = std::filesystem::path(report.input).filename().string();
    if (name.empty()) name = std::filesystem::path(report.input).parent_path().filename().string();
    report.jobs.push_back(job::analyzeJob(g, report.runs, analyses, report.run_strings, trace::validUtf8(name)));
  }
}

void appendReport(Report& report, Report&& other, const trace::StringTable* strings) {
  const std::size_t offset = report.runs.size();
  for (std::size_t i = 0; i < other.runs.size(); ++i) {
    report.runs.push_back(other.runs[i]);
    report.analyses.push_back(std::move(other.analyses[i]));
    report.run_strings.push_back(strings);
  }
  for (job::JobAnalysis& j : other.jobs) {
    for (auto& r : j.ranks) {
      if (r.run != job::kNoRun) r.run += offset;
    }
    report.jobs.push_back(std::move(j));
  }
}

const job::JobAnalysis* jobOf(const Report& report, std::size_t run) {
  for (const auto& j : report.jobs) {
    for (const auto& r : j.ranks) {
      if (r.run == run) return &j;
    }
  }
  return nullptr;
}

void compareAgainst(Report& report, std::size_t baseline) {
  report.comparisons.clear();
  report.table.reset();
  if (report.analyses.size() < 2 || baseline >= report.analyses.size()) return;
  if (report.jobs.empty()) {
    std::vector<const analysis::RunAnalysis*> all;
    for (const auto& a : report.analyses) all.push_back(&a);
    for (std::size_t i = 0; i < report.analyses.size(); ++i) {
      if (i != baseline) report.comparisons.push_back(analysis::compareRuns(report.analyses[baseline], report.analyses[i]));
    }
    report.table = analysis::compareAll(all, baseline);
    return;
  }
  const job::JobAnalysis* baselineJob = jobOf(report, baseline);
  // The run each run is compared with: the baseline, or for a rank of another job the baseline job's
  // rank of the same number. Ranks of the baseline's own job run at one speed: not compared.
  std::vector<const analysis::RunAnalysis*> all = {&report.analyses[baseline]};
  for (std::size_t i = 0; i < report.analyses.size(); ++i) {
    if (i == baseline) continue;
    const job::JobAnalysis* mine = jobOf(report, i);
    if (baselineJob != nullptr && mine == baselineJob) continue;
    std::size_t against = baseline;
    if (baselineJob != nullptr && mine != nullptr) {
      int rank = -1;
      for (const auto& r : mine->ranks) {
        if (r.run == i) rank = r.rank;
      }
      for (const auto& r : baselineJob->ranks) {
        if (r.rank == rank) against = r.run;
      }
    }
    report.comparisons.push_back(analysis::compareRuns(report.analyses[against], report.analyses[i]));
    all.push_back(&report.analyses[i]);
  }
  if (all.size() >= 2) report.table = analysis::compareAll(all, 0);
}

}  // namespace feedscope::report
