// One `feedscope record`: checks what can be checked before the program runs, runs it under the
// injection with progress lines, then turns the raw streams of its process tree into a run and saves
// the session. The program's output, signals and exit status are its own throughout.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "io/errors.h"
#include "launch/capture.h"
#include "launch/child_process.h"
#include "trace/session.h"

namespace feedscope::launch {

// --delay and --duration take at most a year: seconds become int64 nanoseconds, which overflow past
// ~292 years.
inline constexpr double kLongestWindowSeconds = 366.0 * 24 * 3600;

struct RecordOptions {
  std::vector<std::string> argv;  // the program and its arguments, exactly as given
  std::string output;             // the session file
  std::string label;              // the run's name
  bool append = false;
  CaptureSpec capture;
  double delay_s = 0;
  double duration_s = 0;  // 0: to the end of the program
  bool nvtx = true;
  bool machine_progress = false;  // FEEDSCOPE-PROGRESS lines on stderr
  std::string injection_library;
  int flush_ms = 0;       // 0: the library's default
  std::string leave_out;  // --leave-out groups, comma-separated (inject/environment.h)
  bool python_hooks = true;  // the Python hooks beside the library on PYTHONPATH (--no-python: false)
  bool keep_raw = false;  // keep the raw streams folder after a successful save
  // Standard descriptors (0, 1, 2) the caller left closed, which Feedscope holds with placeholders of
  // its own: the program gets them closed, as it would without Feedscope.
  std::vector<int> closed_descriptors;
  // Another writer of the same session: wait for it (calling on_session_wait with a line to show),
  // or, with wait_for_session false, fail the save.
  bool wait_for_session = true;
  std::function<void(const std::string&)> on_session_wait;
};

// What happened after the program ended.
struct RecordSummary {
  bool saved = false;
  // The names the runs got (a clash with --append adds " (2)"): one, or one per rank when the program
  // started several ranks (launch/rank_streams.h).
  std::vector<std::string> run_names;
  std::size_t processes = 0;  // streams merged
  std::size_t intervals = 0;  // in all the runs
  std::vector<std::string> notes;  // lines for the user: stream problems, recorder messages, capture
  std::string save_error;          // why nothing was saved, when something was recorded
  io::FailureKind save_failure = io::FailureKind::OutputFailed;
  std::string raw_dir_kept;        // the raw streams folder, when it was kept
  // "nothing was recorded: <why>" (no CUDA driver, a driver that sees no GPU, no process of the
  // program initialised CUDA, no stream readable) when nothing was; empty when something was. Said on
  // stderr; `record` still returns the program's status unless --require-trace asks for exit 3.
  std::string nothing_recorded;
};

class Recording {
 public:
  // Throws io::InputError before anything runs: a session to append to that is missing or not a
  // session, an output folder where the raw streams folder cannot be made, a bad option.
  explicit Recording(RecordOptions options);
  ~Recording();
  Recording(const Recording&) = delete;
  Recording& operator=(const Recording&) = delete;

  // Runs the program to its end: its exit, or why it could not be started.
  std::optional<ChildExit> run(SpawnFailure& failure);
  // Reads, merges and saves what was recorded; never throws for bad streams (they become notes).
  RecordSummary collect(const ChildExit& exit);

  // The saved session (after collect()), for the report.
  const trace::Session& session() const { return session_; }
  const std::string& rawDir() const { return raw_dir_; }
  const std::vector<std::string>& environmentWarnings() const { return env_warnings_; }

 private:
  RecordOptions options_;
  std::string raw_dir_;
  std::vector<std::string> env_warnings_;
  std::int64_t started_monotonic_ns_ = 0;
  std::int64_t window_start_ns_ = 0;
  std::int64_t window_end_ns_ = 0;
  trace::Session session_;
  bool remove_raw_dir_ = true;
};

// The command line as one string a user could paste back: arguments with spaces or quotes quoted.
std::string quoteCommandLine(const std::vector<std::string>& argv);

}  // namespace feedscope::launch
