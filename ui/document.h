// What the window shows: the opened files' sessions, every run's analysis, the timeline model and the
// compare table. Built off the GUI thread and handed over whole; only the timeline's alignment
// changes afterwards, on the GUI thread.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "analysis/run_analysis.h"
#include "importers/trace_folder.h"
#include "trace/session.h"
#include "job/job_analysis.h"
#include "view/compare_table.h"
#include "view/job_view.h"
#include "view/timeline_model.h"

namespace feedscope::ui {

struct OpenedRun {
  std::size_t session = 0;  // index into Document::sessions
  std::size_t run = 0;      // index into that session's runs
  std::string file;
};

struct Document {
  std::vector<std::shared_ptr<const trace::Session>> sessions;  // one per opened file
  std::vector<std::string> files;
  // Every path opened into this document, as given (a folder stands for its trace files), those that
  // could not be opened too: what no file the GUI writes may replace (ui/outputs.h).
  std::vector<std::string> inputs;
  std::vector<OpenedRun> runs;
  std::vector<analysis::RunAnalysis> analyses;  // analyses[i] is of runs[i]
  std::unique_ptr<view::TimelineModel> timeline;
  // Runs that are ranks of one job, read as one (docs/gui.md "Jobs"): never A/B-compared; the
  // timeline shows them on the job's clock with their waits for each other.
  std::vector<job::JobAnalysis> jobs;
  view::JobView job_view;
  // The Compare tab's table: the baseline and the runs compared with it, as report::comparedRuns says
  // (compare_runs[i]: the run of column i, in run order; empty when nothing is compared, as for the
  // ranks of one job alone).
  view::CompareTable compare;
  std::vector<std::size_t> compare_runs;
  // Files that could not be opened, each with the core's one-line error: the others are shown, these
  // reported, and a job's rank among them noted as missing (as `feedscope report` notes it).
  std::vector<io::UnreadFile> unread;
  std::size_t unread_earlier = 0;  // unread[0, unread_earlier): of the document this one added files to
  // What `feedscope report` would be given for the same files: the folder opened, else the first file
  // (docs/gui.md, "Export").
  std::string input;

  const trace::Run& run(std::size_t i) const { return sessions[runs[i].session]->runs[runs[i].run]; }
  const trace::StringTable& strings(std::size_t i) const { return sessions[runs[i].session]->strings; }
  std::size_t intervalCount() const;
};

// Progress of a load: a fraction of the whole job (0..1) and what is being done.
using LoadProgress = std::function<void(double fraction, const std::string& what)>;

// Thrown when `cancelled` became true during a load.
struct LoadCancelled {};

// Opens `files` (sessions or Kineto traces, recognised by content; a folder as the trace files in it,
// one without any is an unreadable input) and adds their runs after those of
// `base` (which may be null), analyses the new runs and builds the timeline. A bad file among good
// ones is left out and its error kept in Document::unread; when no file opens, throws io::InputError
// with the core's one-line message of the first; LoadCancelled when cancelled.
std::shared_ptr<Document> loadDocument(const std::vector<std::string>& files,
                                       const std::shared_ptr<const Document>& base,
                                       const LoadProgress& progress, const std::atomic<bool>& cancelled);

// Sets the document's compare table with run `baseline` as the baseline, by the reports' rule
// (report::comparedRuns: ranks of the baseline's job are not compared). False, and nothing changed,
// when that compares nothing.
bool compareWith(Document& doc, std::size_t baseline);

// One session holding copies of every run (names re-interned), for writers that take a session.
trace::Session mergedSession(const Document& doc);

}  // namespace feedscope::ui
