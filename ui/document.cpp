// Loading documents: import, analysis and timeline building, with progress and cancellation.
#include "ui/document.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <filesystem>
#include <mutex>
#include <thread>

#include "io/errors.h"
#include "importers/open_input.h"
#include "read/read_threads.h"
#include "importers/trace_folder.h"
#include "report/report.h"
#include "trace/session_merge.h"

namespace feedscope::ui {

std::size_t Document::intervalCount() const {
  std::size_t n = 0;
  for (const auto& s : sessions) n += s->intervalCount();
  return n;
}

namespace {

void throwIfCancelled(const std::atomic<bool>& cancelled) {
  if (cancelled.load(std::memory_order_relaxed)) throw LoadCancelled{};
}

bool nameTaken(const Document& doc, const std::string& name) {
  for (std::size_t i = 0; i < doc.runs.size(); ++i) {
    if (doc.run(i).name == name) return true;
  }
  return false;
}

// The load's progress while several files are read at once: each file's own share (reading two
// thirds, analysis the rest), summed over the files into 0..0.9, told one at a time and never
// lower than before, so the caller's callback needs no lock of its own.
class SharedProgress {
 public:
  SharedProgress(std::size_t files, const LoadProgress& progress)
      : per_file_(files, 0.0), progress_(progress) {}
  void set(std::size_t file, double fraction, const std::string& what) {
    std::lock_guard lock(mutex_);
    per_file_[file] = std::max(per_file_[file], fraction);
    double sum = 0;
    for (double f : per_file_) sum += f;
    const double overall = 0.9 * sum / static_cast<double>(per_file_.size());
    if (overall < told_) return;
    told_ = overall;
    progress_(overall, what);
  }

 private:
  std::mutex mutex_;
  std::vector<double> per_file_;
  double told_ = 0;
  const LoadProgress& progress_;
};

// One file read and its runs analysed, or why not.
struct LoadedFile {
  std::shared_ptr<trace::Session> session;
  std::vector<analysis::RunAnalysis> analyses;  // one a run of `session`
  std::exception_ptr error;
};

void loadFile(const std::string& path, std::size_t index, io::ReadThreads threads, SharedProgress& progress,
              const std::atomic<bool>& cancelled, LoadedFile& out) {
  try {
    std::string name = path.substr(path.find_last_of('/') + 1);
    progress.set(index, 0, "Reading " + name);
    out.session = std::make_shared<trace::Session>(io::openInput(
        path,
        [&](double fraction) {
          throwIfCancelled(cancelled);
          progress.set(index, fraction * 2 / 3, "Reading " + name);
        },
        io::KeptArguments::All, threads));
    throwIfCancelled(cancelled);
    const auto& runs = out.session->runs;
    for (std::size_t r = 0; r < runs.size(); ++r) {
      progress.set(index, 2.0 / 3 + static_cast<double>(r) / static_cast<double>(runs.size()) / 3,
                   "Analysing " + runs[r].name);
      out.analyses.push_back(analysis::analyzeRun(runs[r], out.session->strings));
      throwIfCancelled(cancelled);
    }
  } catch (...) {
    out.error = std::current_exception();
  }
}

}  // namespace

std::shared_ptr<Document> loadDocument(const std::vector<std::string>& opened,
                                       const std::shared_ptr<const Document>& base,
                                       const LoadProgress& progress, const std::atomic<bool>& cancelled) {
  // A folder opens as the trace files in it, in name order, as `feedscope report FOLDER` reads it (a
  // folder of rank traces is a job).
  std::vector<std::string> files;
  std::string folder;
  std::vector<io::UnreadFile> emptyFolders;  // each with its one-line error, like a file that cannot be read
  for (const auto& path : opened) {
    std::error_code ec;
    if (!std::filesystem::is_directory(path, ec)) {
      files.push_back(path);
      continue;
    }
    try {
      for (auto& f : io::requireTraceFilesIn(path)) files.push_back(std::move(f));
      folder = path;
    } catch (const io::InputError& e) {
      emptyFolders.push_back(io::unreadFile(path, e.what()));
    }
  }
  auto doc = std::make_shared<Document>();
  if (base) {
    doc->sessions = base->sessions;
    doc->files = base->files;
    doc->inputs = base->inputs;
    doc->runs = base->runs;
    doc->analyses = base->analyses;
    doc->unread = base->unread;
    doc->unread_earlier = base->unread.size();
    doc->input = base->input;
  }
  doc->inputs.insert(doc->inputs.end(), opened.begin(), opened.end());
  doc->unread.insert(doc->unread.end(), emptyFolders.begin(), emptyFolders.end());
  // Read and analyse the files on every core the process may use, each on one thread when there are
  // several (read/read_threads.h); then take them in file order.
  std::vector<LoadedFile> loaded(files.size());
  const std::size_t workers = std::max<std::size_t>(1, std::min(files.size(), io::usableCores()));
  const io::ReadThreads threads = workers > 1 ? io::ReadThreads::One : io::ReadThreads::Auto;
  SharedProgress shared(files.size(), progress);
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t f = next++; f < files.size(); f = next++) loadFile(files[f], f, threads, shared, cancelled, loaded[f]);
  };
  {
    std::vector<std::thread> pool;
    for (std::size_t w = 1; w < workers; ++w) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
  }
  std::exception_ptr firstError;
  const std::size_t runsBefore = doc->runs.size();
  for (std::size_t f = 0; f < files.size(); ++f) {
    LoadedFile& file = loaded[f];
    if (file.error) {
      try {
        std::rethrow_exception(file.error);
      } catch (const io::Failure& e) {
        if (!firstError) firstError = file.error;
        doc->unread.push_back(io::unreadFile(files[f], e.what()));
        continue;
      }  // anything else (a cancel, no memory) ends the load, as it did on one thread
    }
    throwIfCancelled(cancelled);
    // The same trace opened twice (or two files with one name) must still be told apart.
    auto& session = file.session;
    for (std::size_t r = 0; r < session->runs.size(); ++r) {
      auto& run = session->runs[r];
      std::string wanted = run.name;
      for (int copy = 2; nameTaken(*doc, run.name); ++copy)
        run.name = wanted + " (" + std::to_string(copy) + ")";
      file.analyses[r].run_name = run.name;
    }
    std::size_t sessionIndex = doc->sessions.size();
    for (std::size_t r = 0; r < session->runs.size(); ++r) {
      doc->runs.push_back({sessionIndex, r, files[f]});
      doc->analyses.push_back(std::move(file.analyses[r]));
    }
    doc->sessions.push_back(std::move(session));
    doc->files.push_back(files[f]);
  }
  // Nothing new opened: the load failed, with the first file's own message.
  if (firstError && doc->runs.size() == runsBefore) std::rethrow_exception(firstError);
  if (!emptyFolders.empty() && doc->runs.size() == runsBefore) {
    throw io::InputError(emptyFolders.front().path + ": " + emptyFolders.front().error);
  }
  progress(0.9, "Building the timeline");
  {
    std::vector<const trace::Run*> runs;
    std::vector<const analysis::RunAnalysis*> analyses;
    std::vector<const trace::StringTable*> strings;
    for (std::size_t i = 0; i < doc->runs.size(); ++i) {
      runs.push_back(&doc->run(i));
      analyses.push_back(&doc->analyses[i]);
      strings.push_back(&doc->strings(i));
    }
    if (doc->input.empty()) doc->input = !folder.empty() ? folder : doc->files.empty() ? "" : doc->files.front();
    doc->jobs = report::findAndAnalyzeJobs(runs, analyses, strings, doc->input, doc->unread);
    doc->job_view = view::buildJobView(doc->jobs, doc->runs.size());
  }
  std::vector<view::RunInput> inputs;
  for (std::size_t i = 0; i < doc->runs.size(); ++i) {
    const auto& rank = doc->job_view.ranks[i];
    inputs.push_back({&doc->run(i), &doc->strings(i), &doc->analyses[i], rank ? &*rank : nullptr});
  }
  try {
    // A/B lanes by the reports' rule: every run gets one when anything is compared with anything.
    const std::vector<bool> abLanes(doc->runs.size(), report::anythingCompared(doc->jobs, doc->runs.size()));
    doc->timeline = std::make_unique<view::TimelineModel>(view::TimelineModel::build(inputs, &cancelled, &abLanes));
  } catch (const view::BuildCancelled&) {
    throw LoadCancelled{};
  }
  compareWith(*doc, 0);
  progress(1.0, "Done");
  return doc;
}

bool compareWith(Document& doc, std::size_t baseline) {
  const std::vector<report::ComparedRun> compared = report::comparedRuns(doc.jobs, doc.analyses.size(), baseline);
  if (compared.empty()) return false;
  std::size_t baselineColumn = 0;
  doc.compare_runs = report::comparedTableRuns(compared, baseline, baselineColumn);
  std::vector<const analysis::RunAnalysis*> analyses;
  for (std::size_t run : doc.compare_runs) analyses.push_back(&doc.analyses[run]);
  doc.compare = view::buildCompareTable(analyses, baselineColumn);
  // The timeline's A/B lanes compare the same pairs (a rank of the baseline's job: an empty lane).
  if (doc.timeline) {
    std::vector<std::optional<std::size_t>> against(doc.analyses.size());
    for (const report::ComparedRun& c : compared) against[c.run] = c.against;
    doc.timeline->setIdleComparisons(baseline, std::move(against));
  }
  return true;
}

trace::Session mergedSession(const Document& doc) {
  trace::Session merged;
  for (std::size_t i = 0; i < doc.runs.size(); ++i) trace::appendRun(merged, doc.run(i), doc.strings(i));
  return merged;
}

}  // namespace feedscope::ui
