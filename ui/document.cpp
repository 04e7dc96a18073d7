// Loading documents: import, analysis and timeline building, with progress and cancellation.
#include "ui/document.h"

#include <exception>
#include <filesystem>

#include "io/errors.h"
#include "io/open_input.h"
#include "io/trace_folder.h"
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

}  // namespace

std::shared_ptr<Document> loadDocument(const std::vector<std::string>& opened,
                                       const std::shared_ptr<const Document>& base,
                                       const LoadProgress& progress, const std::atomic<bool>& cancelled) {
  // A folder opens as the trace files in it, in name order, as `feedscope report FOLDER` reads it (a
  // folder of rank traces is a job).
  std::vector<std::string> files;
  std::string folder;
  for (const auto& path : opened) {
    std::error_code ec;
    if (!std::filesystem::is_directory(path, ec)) {
      files.push_back(path);
      continue;
    }
    folder = path;
    for (auto& f : io::traceFilesIn(path)) files.push_back(std::move(f));
  }
  auto doc = std::make_shared<Document>();
  if (base) {
    doc->sessions = base->sessions;
    doc->files = base->files;
    doc->runs = base->runs;
    doc->analyses = base->analyses;
  }
  const double perFile = files.empty() ? 0 : 0.9 / static_cast<double>(files.size());
  std::exception_ptr firstError;
  const std::size_t runsBefore = doc->runs.size();
  for (std::size_t f = 0; f < files.size(); ++f) {
    const std::string& path = files[f];
    const double begin = perFile * static_cast<double>(f);
    std::string name = path.substr(path.find_last_of('/') + 1);
    progress(begin, "Reading " + name);
    // Reading and importing is two thirds of a file's share, analysis the rest.
    std::shared_ptr<trace::Session> session;
    try {
      session = std::make_shared<trace::Session>(io::openInput(path, [&](double fraction) {
        throwIfCancelled(cancelled);
        progress(begin + perFile * 2 / 3 * fraction, "Reading " + name);
      }));
    } catch (const io::Failure& e) {
      if (!firstError) firstError = std::current_exception();
      doc->skipped.push_back(e.what());
      continue;
    }
    throwIfCancelled(cancelled);
    // The same trace opened twice (or two files with one name) must still be told apart.
    for (auto& run : session->runs) {
      std::string wanted = run.name;
      for (int copy = 2; nameTaken(*doc, run.name); ++copy)
        run.name = wanted + " (" + std::to_string(copy) + ")";
    }
    std::size_t sessionIndex = doc->sessions.size();
    for (std::size_t r = 0; r < session->runs.size(); ++r) {
      progress(begin + perFile *
                           (2.0 / 3 + static_cast<double>(r) / static_cast<double>(session->runs.size()) / 3),
               "Analysing " + session->runs[r].name);
      doc->runs.push_back({sessionIndex, r, path});
      doc->analyses.push_back(analysis::analyzeRun(session->runs[r], session->strings));
      throwIfCancelled(cancelled);
    }
    doc->sessions.push_back(std::move(session));
    doc->files.push_back(path);
  }
  // Nothing new opened: the load failed, with the first file's own message.
  if (firstError && doc->runs.size() == runsBefore) std::rethrow_exception(firstError);
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
    const std::string input = !folder.empty() ? folder : doc->files.empty() ? "" : doc->files.front();
    doc->jobs = report::findAndAnalyzeJobs(runs, analyses, strings, input);
    doc->job_view = view::buildJobView(doc->jobs, doc->runs.size());
  }
  std::vector<view::RunInput> inputs;
  for (std::size_t i = 0; i < doc->runs.size(); ++i) {
    const auto& rank = doc->job_view.ranks[i];
    inputs.push_back({&doc->run(i), &doc->strings(i), &doc->analyses[i], rank ? &*rank : nullptr});
  }
  try {
    doc->timeline = std::make_unique<view::TimelineModel>(view::TimelineModel::build(inputs, &cancelled));
  } catch (const view::BuildCancelled&) {
    throw LoadCancelled{};
  }
  std::vector<const analysis::RunAnalysis*> analyses;
  for (std::size_t i = 0; i < doc->analyses.size(); ++i) {
    if (doc->job_view.ranks[i]) continue;  // ranks of a job are read together, not compared
    analyses.push_back(&doc->analyses[i]);
    doc->compare_runs.push_back(i);
  }
  doc->compare = view::buildCompareTable(analyses);
  progress(1.0, "Done");
  return doc;
}

trace::Session mergedSession(const Document& doc) {
  trace::Session merged;
  for (std::size_t i = 0; i < doc.runs.size(); ++i) trace::appendRun(merged, doc.run(i), doc.strings(i));
  return merged;
}

}  // namespace feedscope::ui
