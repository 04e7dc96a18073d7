// Report assembly.
#include "report/report.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>
#include <filesystem>
#include <optional>
#include <set>

#include "io/input_error.h"
#include "trace/units.h"
#include "trace/utf8.h"

namespace feedscope::report {

namespace {

// The name of the folder (or file) `path` names: "runs" for "/data/runs/" and "/data/runs".
std::string folderName(const std::string& path) {
  std::filesystem::path p(path);
  if (p.filename().empty()) p = p.parent_path();
  return p.filename().string();
}

// A file that could not be read, in the notes of each job its rank (from its name) is missing from:
// read without it, the rank is missing as a rank absent is.
void noteUnreadRanks(std::vector<job::JobAnalysis>& jobs, const std::vector<io::UnreadFile>& unread) {
  for (const io::UnreadFile& u : unread) {
    const std::string file = std::filesystem::path(u.path).filename().string();
    const std::optional<int> rank = job::rankFromName(file);
    for (job::JobAnalysis& j : jobs) {
      const bool present = rank && std::any_of(j.ranks.begin(), j.ranks.end(), [&](const job::RankFigures& r) { return r.rank == *rank; });
      if (present || (rank && j.world_size && *rank >= *j.world_size)) continue;
      j.notes.push_back(trace::validUtf8(
          rank ? fmt::format("{} could not be read ({}): rank {} is missing from the job", file, u.error, *rank)
               : fmt::format("{} could not be read ({}): the job is read without it", file, u.error)));
    }
  }
}

}  // namespace

Report buildReport(const trace::Session& session, const std::string& input, const analysis::AnalysisOptions& options,
                   const std::vector<std::string>& runNames) {
  std::vector<const trace::Run*> runs;
  if (runNames.empty()) {
    for (const auto& run : session.runs) runs.push_back(&run);
  } else {
    for (const auto& name : runNames) {
      const trace::Run* run = session.findRun(name);
      if (run == nullptr) {
        std::string known;
        for (const auto& r : session.runs) known += (known.empty() ? "" : ", ") + r.name;
        throw io::InputError(input + ": no run named '" + name + "' (runs: " + known + ")");
      }
      runs.push_back(run);
    }
  }
  std::vector<analysis::RunAnalysis> analyses;
  for (const trace::Run* run : runs) analyses.push_back(analysis::analyzeRun(*run, session.strings, options));
  std::vector<const trace::StringTable*> strings(runs.size(), &session.strings);
  return assembleReport(input, std::move(runs), std::move(strings), std::move(analyses));
}

Report buildFolderReport(const io::FolderFiles& files, const std::string& input, const analysis::AnalysisOptions& options,
                         std::size_t workers) {
  std::vector<const trace::Run*> runs;
  std::vector<const trace::StringTable*> strings;
  for (const trace::Session& s : files.sessions) {
    for (const trace::Run& run : s.runs) {
      runs.push_back(&run);
      strings.push_back(&s.strings);
    }
  }
  std::vector<analysis::RunAnalysis> analyses(runs.size());
  std::vector<std::exception_ptr> errors(runs.size());
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i = next++; i < runs.size(); i = next++) {
      try {
        analyses[i] = analysis::analyzeRun(*runs[i], *strings[i], options);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    }
  };
  std::vector<std::thread> threads;
  for (std::size_t w = 1; w < std::min(workers, runs.size()); ++w) threads.emplace_back(work);
  work();
  for (auto& t : threads) t.join();
  for (const auto& e : errors) {
    if (e) std::rethrow_exception(e);
  }
  return assembleReport(input, std::move(runs), std::move(strings), std::move(analyses), files.unread);
}

Report buildSummaryReport(std::vector<job::RankSummary> summaries, const std::string& input,
                          const std::vector<io::UnreadFile>& unread) {
  Report report;
  report.input = trace::validUtf8(input);
  if (summaries.empty()) throw io::InputError(input + ": no rank summaries (.fssum) to join");
  std::vector<job::CaptureFacts> facts;
  std::vector<std::string> runNames;
  std::set<std::string> folders;
  for (const job::RankSummary& s : summaries) {
    job::CaptureFacts f;
    f.name = s.run_name;
    // A rank known only by its file name is one only when it ran collectives (job/job_grouping.h).
    if (s.identity.source != "file name" || !s.collectives.empty()) f.identity = s.identity;
    f.span = s.extent;
    if (!s.steps.empty()) {
      auto [first, last] = std::minmax_element(s.steps.begin(), s.steps.end(),
                                               [](const job::RankStep& a, const job::RankStep& b) { return a.number < b.number; });
      f.steps = std::make_pair(first->number, last->number);
    }
    facts.push_back(std::move(f));
    runNames.push_back(s.run_name);
    folders.insert(s.folder);
  }
  std::vector<job::JobGroup> groups = job::groupCaptures(facts);
  // A summary in no job (a rank alone) is a job of its own: a summary has no run to show instead.
  std::vector<bool> placed(summaries.size(), false);
  for (const auto& g : groups) {
    for (const auto& m : g.members) placed[m.run] = true;
  }
  for (std::size_t i = 0; i < summaries.size(); ++i) {
    if (!placed[i]) groups.push_back({{{i, summaries[i].identity}}, summaries[i].identity.world_size, "", {}});
  }
  const std::string folder = folders.size() == 1 ? *folders.begin() : std::string();
  const std::vector<std::string> names =
      job::jobNames(groups, runNames, folder, std::filesystem::path(input).filename().string());
  for (std::size_t k = 0; k < groups.size(); ++k) {
    std::vector<job::RankSummary> ranks;
    for (const auto& m : groups[k].members) ranks.push_back(summaries[m.run]);
    job::JobAnalysis j = job::analyzeJob(ranks, {}, groups[k].world_size, trace::validUtf8(names[k]));
    j.notes.insert(j.notes.end(), groups[k].notes.begin(), groups[k].notes.end());
    report.jobs.push_back(std::move(j));
  }
  for (const io::UnreadFile& u : unread) report.unread.push_back(trace::validUtf8(u.path + ": " + u.error));
  noteUnreadRanks(report.jobs, unread);
  return report;
}

std::vector<job::JobAnalysis> findAndAnalyzeJobs(const std::vector<const trace::Run*>& runs,
                                                 const std::vector<const analysis::RunAnalysis*>& analyses,
                                                 const std::vector<const trace::StringTable*>& strings,
                                                 const std::string& input,
                                                 const std::vector<io::UnreadFile>& unread) {
  std::vector<job::JobAnalysis> jobs;
  const auto groups = job::findJobs(runs, strings);
  std::vector<std::string> runNames;
  for (const trace::Run* r : runs) runNames.push_back(r->name);
  std::error_code ec;
  const bool folder = !input.empty() && std::filesystem::is_directory(input, ec);
  const std::vector<std::string> names =
      job::jobNames(groups, runNames, folder ? folderName(input) : std::string(), folderName(input));
  for (std::size_t k = 0; k < groups.size(); ++k) {
    jobs.push_back(job::analyzeJob(groups[k], runs, analyses, strings, trace::validUtf8(names[k])));
  }
  noteUnreadRanks(jobs, unread);
  return jobs;
}

Report assembleReport(const std::string& input, std::vector<const trace::Run*> runs,
                      std::vector<const trace::StringTable*> strings, std::vector<analysis::RunAnalysis> analyses,
                      const std::vector<io::UnreadFile>& unread) {
  Report report;
  report.input = trace::validUtf8(input);  // a path from the command line or a dialog: any bytes
  report.runs = std::move(runs);
  report.run_strings = std::move(strings);
  report.analyses = std::move(analyses);
  for (const io::UnreadFile& u : unread) report.unread.push_back(trace::validUtf8(u.path + ": " + u.error));
  std::vector<const analysis::RunAnalysis*> pointers;
  for (const auto& a : report.analyses) pointers.push_back(&a);
  report.jobs = findAndAnalyzeJobs(report.runs, pointers, report.run_strings, report.input, unread);
  return report;
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

namespace {

const job::JobAnalysis* jobOfRun(const std::vector<job::JobAnalysis>& jobs, std::size_t run) {
  for (const auto& j : jobs) {
    for (const auto& r : j.ranks) {
      if (r.run == run) return &j;
    }
  }
  return nullptr;
}

}  // namespace

const job::JobAnalysis* jobOf(const Report& report, std::size_t run) { return jobOfRun(report.jobs, run); }



std::vector<ComparedRun> comparedRuns(const std::vector<job::JobAnalysis>& jobs, std::size_t runCount,
                                      std::size_t baseline) {
  std::vector<ComparedRun> compared;
  if (runCount < 2 || baseline >= runCount) return compared;
  const job::JobAnalysis* baselineJob = jobOfRun(jobs, baseline);
  for (std::size_t i = 0; i < runCount; ++i) {
    if (i == baseline) continue;
    const job::JobAnalysis* mine = jobOfRun(jobs, i);
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
    compared.push_back({i, against});
  }
  return compared;
}

bool anythingCompared(const std::vector<job::JobAnalysis>& jobs, std::size_t runCount) {
  // With the first run as baseline every run outside its job is compared: empty only when there is
  // one job or single run in all.
  return !comparedRuns(jobs, runCount, 0).empty();
}

std::vector<std::size_t> comparedTableRuns(const std::vector<ComparedRun>& compared, std::size_t baseline,
                                           std::size_t& baselineColumn) {
  // comparedRuns lists the runs in run order: the baseline goes where its number puts it.
  std::vector<std::size_t> runs;
  baselineColumn = 0;
  bool placed = false;
  for (const ComparedRun& c : compared) {
    if (!placed && baseline < c.run) {
      baselineColumn = runs.size();
      runs.push_back(baseline);
      placed = true;
    }
    runs.push_back(c.run);
  }
  if (!placed) {
    baselineColumn = runs.size();
    runs.push_back(baseline);
  }
  return runs;
}

void compareAgainst(Report& report, std::size_t baseline) {
  report.comparisons.clear();
  report.table.reset();
  const std::vector<ComparedRun> compared = comparedRuns(report.jobs, report.analyses.size(), baseline);
  if (compared.empty()) return;
  std::size_t baselineColumn = 0;
  std::vector<const analysis::RunAnalysis*> all;
  for (std::size_t run : comparedTableRuns(compared, baseline, baselineColumn)) all.push_back(&report.analyses[run]);
  for (const ComparedRun& c : compared) {
    report.comparisons.push_back(analysis::compareRuns(report.analyses[c.against], report.analyses[c.run]));
  }
  report.table = analysis::compareAll(all, baselineColumn);
}

}  // namespace feedscope::report
