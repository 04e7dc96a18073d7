// Records one process into its raw stream: the sink the collector writes through (filtered by the
// capture window), a flush thread so a killed process loses about a second at most, a final forced
// flush at exit, and the fork rule: a forked child never calls the collector and writes nothing.
#pragma once

#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "inject/activity_source.h"
#include "inject/environment.h"
#include "rawstream/writer.h"

namespace feedscope::inject {

class ProcessRecorder {
 public:
  // Creates <config.raw_dir>/<pid>-<ns>.fsraw and writes who this process is; null (with `error`
  // set) when it cannot.
  static std::unique_ptr<ProcessRecorder> create(const RecorderConfig& config, std::string& error);
  ~ProcessRecorder();
  ProcessRecorder(const ProcessRecorder&) = delete;
  ProcessRecorder& operator=(const ProcessRecorder&) = delete;

  // The sink: writes the interval (with its arguments' JSON text, "" for none) when it starts inside
  // the capture window.
  void record(const rawstream::Placement& placement, const trace::Interval& interval, std::string_view name,
              std::string_view arguments = {});
  void recordDevice(const rawstream::DeviceRecord& device);
  // A failure (or a fact worth knowing) inside the recorder or the collector, for the launcher to print.
  void report(rawstream::Severity severity, std::string_view text);

  // Takes the source and starts the flush thread that drives it.
  void attach(std::unique_ptr<ActivitySource> source);
  // Starts the flush thread without a source (the Python hooks' host-only recording): what was
  // recorded reaches the file about once a flush period. Once; nothing in a forked child.
  void startFlushThread();
  // The final forced flush, the End record and close: what the exit handler runs. Once; does
  // nothing in a forked child.
  void finish();
  // The pthread_atfork child handler: takes no lock and makes no call into the source.
  void enterForkedChild();

  bool inForkedChild() const { return forked_child_.load(std::memory_order_relaxed); }
  // The process this recorder writes for (a forked child inherits its parent's recorder object).
  std::uint32_t ownerPid() const { return owner_pid_; }
  const RecorderConfig& config() const { return config_; }
  rawstream::RawStreamWriter& writer() { return *writer_; }
  std::uint64_t recordsOutsideWindow() const { return outside_window_.load(std::memory_order_relaxed); }
  bool sourceStopped() const { return source_stopped_.load(std::memory_order_relaxed); }

 private:
  ProcessRecorder(const RecorderConfig& config, std::unique_ptr<rawstream::RawStreamWriter> writer);
  void flushLoop();
  void flushOnce(bool forced);
  void stopSourceAfterWindow();
  void writeClockSample(rawstream::ClockWhen when);
  // The launcher variables, when they differ from those written last (or were never written).
  void writeEnvironment();

  RecorderConfig config_;
  std::unique_ptr<rawstream::RawStreamWriter> writer_;
  // The source attached (once, on the thread that initialised CUDA), read by the flush thread, which
  // may already run before it (the Python hooks' host-only recording): through source_view_.
  ActivitySource* activeSource() const { return source_view_.load(std::memory_order_acquire); }
  std::unique_ptr<ActivitySource> source_;
  std::atomic<ActivitySource*> source_view_{nullptr};
  std::atomic<bool> forked_child_{false};
  std::atomic<std::uint64_t> outside_window_{0};
  std::atomic<bool> source_stopped_{false};
  SourceCounts last_counts_;
  std::map<std::string, std::string> environment_;  // as last written; touched at creation and finish
  bool environment_written_ = false;

  std::mutex flush_mutex_;  // guards stop_requested_ and serialises flushes
  std::condition_variable flush_wake_;
  bool stop_requested_ = false;
  std::thread flush_thread_;
  std::once_flag finished_;
  std::once_flag flush_thread_started_;
  std::uint32_t owner_pid_ = 0;
};

// The one recorder of this process, started once (std::call_once) and hooked to fork() and exit().
// Returns null when FEEDSCOPE_RAW_DIR is not set or the stream cannot be created.
ProcessRecorder* startProcessRecorder(const RecorderConfig& config);
ProcessRecorder* processRecorder();
// In a child forked from a recording process (a DataLoader worker that the Python hooks record): a
// recorder of the child's own, with its own stream, in place of the parent's (which the child must
// never write). Null when it cannot be made.
ProcessRecorder* startProcessRecorderInForkedChild(const RecorderConfig& config);

}  // namespace feedscope::inject
