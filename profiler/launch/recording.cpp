// The record flow: prepare, run with progress, collect the raw streams into a saved session.
#include "launch/recording.h"

#include "trace/clock.h"

#include <fmt/format.h>
#include <stdlib.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>

#include "inject/process_facts.h"
#include "io/input_error.h"
#include "importers/open_input.h"
#include "store/session_lock.h"
#include "store/session_store.h"
#include "driver_probe/cuda_driver.h"
#include "launch/injection_env.h"
#include "launch/progress_lines.h"
#include "launch/rank_streams.h"
#include "launch/stream_merge.h"
#include "rawstream/reader.h"
#include "trace/rank_environment.h"
#include "trace/session_merge.h"
#include "trace/utf8.h"

extern char** environ;

namespace feedscope::launch {

namespace fs = std::filesystem;

namespace {

std::int64_t secondsToNs(double s) {
  return static_cast<std::int64_t>(std::llround(s * 1e9));
}

void checkAppendTarget(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    throw io::InputError(path + ": no such session to append to (record without --append to create it)");
  }
  if (io::detectInputFormat(path) != io::InputFormat::Session) {
    throw io::InputError(path + ": not a Feedscope session; --append adds runs to a .feedscope file only");
  }
  io::loadSession(path);  // a corrupt or newer session fails here, before the program runs
}

// "train rank 3: ": what a note about one of several runs begins with.
std::string groupPrefix(const trace::Run& run, std::size_t groups) {
  return groups > 1 ? run.name + ": " : std::string();
}

// --capture on one run, and the note that says what it kept.
void applyCaptureTo(trace::Run& run, const trace::StringTable& strings, const CaptureSpec& capture,
                    std::vector<std::string>& notes, const std::string& prefix) {
  auto stats = applyCapture(run, strings, capture);
  std::string what = capture.kind == CaptureSpec::Kind::NvtxRange ? "nvtx:" + capture.range
                                                                  : std::string("cudaProfilerApi");
  run.labels["capture"] = what;
  if (stats.windows == 0) {
    notes.push_back(prefix + (capture.kind == CaptureSpec::Kind::NvtxRange
                                  ? fmt::format("--capture {}: no NVTX range named '{}' was recorded, so "
                                                "nothing was kept",
                                                what, capture.range)
                                  : std::string("--capture cudaProfilerApi: the program never called "
                                                "cudaProfilerStart, so nothing was kept")));
  } else {
    notes.push_back(prefix + fmt::format("--capture {}: {} window{}, kept {} of {} records", what, stats.windows,
                                         stats.windows == 1 ? "" : "s", stats.kept, stats.kept + stats.removed));
  }
}

}  // namespace

std::string quoteCommandLine(const std::vector<std::string>& argv) {
  std::string out;
  for (const auto& a : argv) {
    if (!out.empty()) out += ' ';
    bool plain = !a.empty() && a.find_first_of(" \t\n'\"\\$`*?;&|<>()[]{}!#~") == std::string::npos;
    if (plain) {
      out += a;
      continue;
    }
    out += '\'';
    for (char c : a) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    out += '\'';
  }
  return out;
}

Recording::Recording(RecordOptions options) : options_(std::move(options)) {
  if (options_.argv.empty()) throw io::InputError("no program to record: give it after --");
  if (options_.delay_s < 0 || !std::isfinite(options_.delay_s))
    throw io::InputError("--delay must be 0 or more");
  if (options_.duration_s < 0 || !std::isfinite(options_.duration_s)) {
    throw io::InputError("--duration must be more than 0");
  }
  if (options_.delay_s > kLongestWindowSeconds || options_.duration_s > kLongestWindowSeconds) {
    throw io::InputError("--delay and --duration take at most a year (31622400 seconds)");
  }
  if (options_.capture.kind == CaptureSpec::Kind::NvtxRange && !options_.nvtx) {
    throw io::InputError("--capture nvtx:" + options_.capture.range + " needs NVTX ranges: drop --no-nvtx");
  }
  if (options_.append) checkAppendTarget(options_.output);

  // The raw streams go beside the session: the same file system, and easy to find if left behind.
  fs::path out = fs::absolute(options_.output);
  std::string pattern = (out.parent_path() / (out.filename().string() + ".raw-XXXXXX")).string();
  std::vector<char> buf(pattern.begin(), pattern.end());
  buf.push_back('\0');
  if (::mkdtemp(buf.data()) == nullptr) {
    throw io::InputError(options_.output + ": cannot create a folder for the raw streams beside it (" +
                         std::strerror(errno) + ")");
  }
  raw_dir_ = buf.data();
  remove_raw_dir_ = !options_.keep_raw;
  // The warnings about the user's own injection variables, known before the program runs so that
  // they can be shown first: the environment run() builds differs only in the time window.
  InjectionSettings settings;
  settings.library = options_.injection_library;
  settings.raw_dir = raw_dir_;
  settings.nvtx = options_.nvtx;
  (void)recordingEnvironment(environ, settings, env_warnings_);
}

Recording::~Recording() {
  if (remove_raw_dir_ && !raw_dir_.empty()) {
    std::error_code ec;
    fs::remove_all(raw_dir_, ec);
  }
}

std::optional<ChildExit> Recording::run(SpawnFailure& failure) {
  started_monotonic_ns_ = trace::monotonicNowNs();
  window_start_ns_ = options_.delay_s > 0 ? started_monotonic_ns_ + secondsToNs(options_.delay_s) : 0;
  window_end_ns_ = options_.duration_s > 0 ? (window_start_ns_ > 0 ? window_start_ns_ : started_monotonic_ns_) +
                                               secondsToNs(options_.duration_s)
                                         : std::numeric_limits<std::int64_t>::max();
  InjectionSettings settings;
  settings.library = options_.injection_library;
  settings.raw_dir = raw_dir_;
  settings.nvtx = options_.nvtx;
  settings.window_start_ns = window_start_ns_;
  settings.window_end_ns = window_end_ns_;
  settings.flush_ms = options_.flush_ms;
  settings.leave_out = options_.leave_out;
  if (options_.python_hooks) settings.python_hooks = pythonHooksFolder(options_.injection_library).value_or("");
  std::vector<std::string> warningsAgain;  // the constructor's, again
  auto env = recordingEnvironment(environ, settings, warningsAgain);

  auto child = ChildProcess::spawn(options_.argv, env, failure, options_.closed_descriptors);
  if (!child) return std::nullopt;
  std::optional<ProgressHeartbeat> heartbeat;
  if (options_.machine_progress) {
    heartbeat.emplace(raw_dir_, started_monotonic_ns_, options_.delay_s, options_.duration_s);
  }
  return child->wait();
}

RecordSummary Recording::collect(const ChildExit& exit) {
  RecordSummary summary;
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(raw_dir_, ec)) {
    // Only the recorder's own regular files: a FIFO placed there would block the read for ever.
    if (entry.path().extension() == ".fsraw" && entry.is_regular_file(ec) && !entry.is_symlink(ec)) {
      files.push_back(entry.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  if (options_.machine_progress)
    writeProgressLine(1, fmt::format("reading {} raw stream{}", files.size(), files.size() == 1 ? "" : "s"));

  std::vector<rawstream::ProcessStream> streams;
  for (const auto& file : files) {
    rawstream::ReadResult read = rawstream::readRawStream(file);
    const auto& r = read.report;
    std::string who = read.stream.pid != 0 ? processLabel(read.stream) : fs::path(file).filename().string();
    if (r.status != rawstream::ReadStatus::Complete) {
      // A process that did not reach exit() is normal for a program killed by a signal: say what was kept.
      std::string problem = r.problem.substr(std::min(r.problem.size(), file.size() + 2));
      summary.notes.push_back(fmt::format("{}: {}", who, problem));
    }
    for (const auto& m : read.stream.messages) {
      summary.notes.push_back(fmt::format("{}: {}: {}", who, rawstream::severityName(m.severity), m.text));
    }
    if (r.usable()) streams.push_back(std::move(read.stream));
  }
  summary.processes = streams.size();
  if (streams.empty()) {
    // One line, said by record_command (and read by the GUI's run panel).
    if (!files.empty()) {
      summary.nothing_recorded = "no raw stream could be read: nothing was recorded";
    } else if (auto reason = driver_probe::cudaUnavailableReason()) {
      summary.nothing_recorded = "nothing was recorded: " + *reason;
    } else {
      summary.nothing_recorded = "no process of the program initialised CUDA: nothing was recorded";
    }
    remove_raw_dir_ = files.empty() && !options_.keep_raw;
    if (!remove_raw_dir_) summary.raw_dir_kept = raw_dir_;
    return summary;
  }

  trace::StringTable recordedStrings;
  // Under torchrun, srun or mpirun each process is a rank: its launcher variables (as the injection
  // wrote them, else those of this process, which the program inherited) name it, and each rank
  // becomes a run so that the session reads as one job (job/rank_identity.h, launch/rank_streams.h).
  std::vector<RankStreams> groups =
      groupStreamsByRank(std::move(streams), trace::rankEnvironmentLabels(inject::launcherEnvironment()), &summary.notes);
  std::vector<trace::Run> runs;
  for (auto& group : groups) {
    // The program's arguments and the label come from argv: any bytes, made UTF-8 here, where they enter.
    trace::Run run = mergeProcessStreams(group.streams, recordedStrings,
                                         trace::validUtf8(rankGroupRunName(options_.label, group, groups.size())),
                                         &summary.notes);
    run.command = trace::validUtf8(quoteCommandLine(options_.argv));
    run.labels["exit"] = exit.describe();
    for (const auto& [key, value] : group.labels) run.labels[key] = trace::validUtf8(value);
    if (window_start_ns_ > 0 || window_end_ns_ != std::numeric_limits<std::int64_t>::max()) {
      auto stats = applyTimeWindow(run, window_start_ns_, window_end_ns_);
      run.labels["window"] = fmt::format("--delay {} --duration {}", options_.delay_s, options_.duration_s);
      if (stats.removed > 0)
        summary.notes.push_back(fmt::format("{}--delay/--duration: {} records outside the window left out",
                                            groupPrefix(run, groups.size()), stats.removed));
    }
    if (options_.capture.kind != CaptureSpec::Kind::Everything) {
      applyCaptureTo(run, recordedStrings, options_.capture, summary.notes, groupPrefix(run, groups.size()));
    }
    runs.push_back(std::move(run));
  }

  try {
    // Held from reading the session to renaming the new one into place: two records (or an import)
    // appending at once both land, in turn.
    io::SessionWriteLock lock(options_.output, options_.wait_for_session ? io::LockWait::Wait : io::LockWait::Fail,
                              options_.on_session_wait);
    if (options_.append) session_ = io::loadSession(options_.output);
    for (auto& run : runs) {
      trace::Run& added = trace::appendRun(session_, std::move(run), recordedStrings);
      summary.run_names.push_back(added.name);
      summary.intervals += added.intervalCount();
    }
    if (options_.machine_progress) writeProgressLine(1, "saving " + options_.output);
    io::saveSession(session_, options_.output);
    summary.saved = true;
  } catch (const io::Failure& e) {
    summary.save_error = e.what();
    summary.save_failure = e.kind();
    remove_raw_dir_ = false;
  }
  if (!remove_raw_dir_) summary.raw_dir_kept = raw_dir_;
  if (options_.machine_progress) writeProgressLine(1, summary.saved ? "done" : "failed");
  return summary;
}

}  // namespace feedscope::launch
