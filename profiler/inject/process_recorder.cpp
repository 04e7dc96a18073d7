// The per-process recorder: stream creation, window filter, flush thread, exit and fork handling.
#include "inject/process_recorder.h"
#include "trace/clock.h"

#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>

#include "inject/process_facts.h"

namespace feedscope::inject {

using rawstream::Severity;

std::unique_ptr<ProcessRecorder> ProcessRecorder::create(const RecorderConfig& config, std::string& error) {
  if (!config.enabled()) {
    error = std::string(kRawDirVar) + " is not set";
    return nullptr;
  }
  rawstream::StreamIdentity identity;
  identity.pid = static_cast<std::uint32_t>(::getpid());
  identity.ppid = static_cast<std::uint32_t>(::getppid());
  identity.created_monotonic_ns = trace::monotonicNowNs();
  identity.created_realtime_ns = trace::realtimeNowNs();
  std::string path = config.raw_dir + "/" + std::to_string(identity.pid) + "-" +
                     std::to_string(identity.created_monotonic_ns) + ".fsraw";
  auto writer = rawstream::RawStreamWriter::create(path, identity, error);
  if (!writer) return nullptr;
  writer->addProcessInfo(hostName(), executablePath(), commandLine());
  std::unique_ptr<ProcessRecorder> recorder(new ProcessRecorder(config, std::move(writer)));
  recorder->writeEnvironment();
  for (const auto& problem : config.problems) recorder->report(Severity::Warning, problem);
  return recorder;
}

ProcessRecorder::ProcessRecorder(const RecorderConfig& config,
                                 std::unique_ptr<rawstream::RawStreamWriter> writer)
    : config_(config), writer_(std::move(writer)), owner_pid_(static_cast<std::uint32_t>(::getpid())) {}

// Only tests destroy a recorder (the process-wide one is leaked), and there the flush thread is real
// even after enterForkedChild(): stop and join it.
ProcessRecorder::~ProcessRecorder() {
  finish();
  {
    std::lock_guard lock(flush_mutex_);
    stop_requested_ = true;
  }
  flush_wake_.notify_all();
  if (flush_thread_.joinable()) flush_thread_.join();
}

void ProcessRecorder::record(const rawstream::Placement& placement, const trace::Interval& interval,
                             std::string_view name, std::string_view arguments) {
  if (!config_.inWindow(interval.start_ns)) {
    outside_window_.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  writer_->addInterval(placement, interval, name, arguments);
}

void ProcessRecorder::recordDevice(const rawstream::DeviceRecord& device) {
  writer_->addDevice(device);
}

void ProcessRecorder::report(Severity severity, std::string_view text) {
  writer_->addMessage(severity, text);
}

void ProcessRecorder::writeEnvironment() {
  auto variables = launcherEnvironment();
  if (environment_written_ && variables == environment_) return;
  writer_->addEnvironment(variables);
  environment_ = std::move(variables);
  environment_written_ = true;
}

void ProcessRecorder::writeClockSample(rawstream::ClockWhen when) {
  rawstream::ClockSample sample;
  sample.when = when;
  if (ActivitySource* source = activeSource()) {
    sample.clock = source->clock();
    sample.source_ns = source->now();
  }
  sample.monotonic_ns = trace::monotonicNowNs();
  sample.realtime_ns = trace::realtimeNowNs();
  writer_->addClockSample(sample);
}

void ProcessRecorder::attach(std::unique_ptr<ActivitySource> source) {
  if (inForkedChild() || source_) return;
  source_ = std::move(source);
  // The flush thread may already run (the Python hooks started it): it sees the source from here on.
  source_view_.store(source_.get(), std::memory_order_release);
  writeClockSample(rawstream::ClockWhen::Start);
  writer_->flush();
  startFlushThread();
}

void ProcessRecorder::startFlushThread() {
  if (inForkedChild()) return;
  std::call_once(flush_thread_started_, [this] {
    // The program's signals must keep reaching the program's own threads: this one blocks them all.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    try {
      flush_thread_ = std::thread([this] { flushLoop(); });
      pthread_setname_np(flush_thread_.native_handle(), "feedscope-flush");
    } catch (const std::system_error& e) {
      report(Severity::Error, std::string("cannot start the flush thread (") + e.what() +
                                  "): records are written only when buffers fill and at exit");
    }
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  });
}

void ProcessRecorder::flushOnce(bool forced) {
  if (inForkedChild()) return;
  if (ActivitySource* source = activeSource()) {
    source->flush(forced);
    SourceCounts counts = source->counts();
    if (counts.dropped != last_counts_.dropped || counts.invalid != last_counts_.invalid) {
      writer_->addRecordCounts(counts.dropped, counts.invalid);
      last_counts_ = counts;
    }
  }
  writer_->flush();
}

void ProcessRecorder::stopSourceAfterWindow() {
  ActivitySource* source = activeSource();
  if (source == nullptr || sourceStopped() || trace::monotonicNowNs() < config_.window_end_ns) return;
  // Nothing after the window will be written: the last forced flush, then no more tracing.
  flushOnce(true);
  source->stop();
  source_stopped_.store(true, std::memory_order_relaxed);
  report(rawstream::Severity::Info,
         "the capture window closed: collection stopped while the program runs on");
  writer_->flush();
}

void ProcessRecorder::flushLoop() {
  std::unique_lock lock(flush_mutex_);
  while (!stop_requested_) {
    flush_wake_.wait_for(lock, std::chrono::milliseconds(config_.flush_ms), [this] { return stop_requested_; });
    if (stop_requested_ || inForkedChild()) break;
    lock.unlock();
    flushOnce(false);
    // A sample a flush: if another profiler changes CUPTI's clock later (torch.profiler), the merge
    // keeps what came before the first sample that disagrees (launch/stream_clock.h).
    if (activeSource() != nullptr && !sourceStopped()) writeClockSample(rawstream::ClockWhen::Periodic);
    stopSourceAfterWindow();
    lock.lock();
  }
}

void ProcessRecorder::finish() {
  if (inForkedChild()) return;
  std::call_once(finished_, [this] {
    {
      std::lock_guard lock(flush_mutex_);
      stop_requested_ = true;
    }
    flush_wake_.notify_all();
    if (flush_thread_.joinable() && flush_thread_.get_id() != std::this_thread::get_id()) flush_thread_.join();
    flushOnce(true);
    if (outside_window_.load() > 0) {
      report(Severity::Info,
             std::to_string(outside_window_.load()) + " records outside the capture window were not written");
    }
    if (activeSource() != nullptr) writeClockSample(rawstream::ClockWhen::End);
    writeEnvironment();  // a program that set RANK after CUDA started (os.environ) says it now
    writer_->close(trace::monotonicNowNs());
  });
}

void ProcessRecorder::enterForkedChild() {
  forked_child_.store(true, std::memory_order_relaxed);
  writer_->disableWithoutLocking();
}

namespace {

std::once_flag g_startOnce;
std::atomic<ProcessRecorder*> g_recorder{nullptr};

void onForkChild() {
  if (ProcessRecorder* r = g_recorder.load()) r->enterForkedChild();
}

void onExit() {
  if (ProcessRecorder* r = g_recorder.load()) r->finish();
}

}  // namespace

ProcessRecorder* startProcessRecorder(const RecorderConfig& config) {
  std::call_once(g_startOnce, [&] {
    std::string error;
    // Leaked on purpose: it must outlive every static destructor and atexit handler that may still
    // produce records, and its flush thread must never be destroyed while joinable.
    ProcessRecorder* recorder = ProcessRecorder::create(config, error).release();
    if (recorder == nullptr) return;  // nowhere to write, so nothing to report to: record nothing
    g_recorder.store(recorder);
    pthread_atfork(nullptr, nullptr, &onForkChild);
    std::atexit(&onExit);
  });
  return g_recorder.load();
}

ProcessRecorder* processRecorder() {
  return g_recorder.load();
}

ProcessRecorder* startProcessRecorderInForkedChild(const RecorderConfig& config) {
  std::string error;
  // Leaked as the first one is; the parent's copy in this child stays disabled (enterForkedChild).
  ProcessRecorder* recorder = ProcessRecorder::create(config, error).release();
  if (recorder == nullptr) return nullptr;
  // The exit and fork handlers the parent registered are inherited and read g_recorder.
  g_recorder.store(recorder);
  return recorder;
}

}  // namespace feedscope::inject
