// Machine-readable progress lines and the recording heartbeat.
#include "launch/progress_lines.h"
#include "trace/clock.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>

#include "cli_contract/progress_line.h"
#include "inject/process_facts.h"
#include "rawstream/progress_scan.h"

namespace feedscope::launch {

void writeProgressLine(double fraction, const std::string& message) {
  std::string line = cli::formatProgressLine(fraction, message) + "\n";
  ssize_t ignored = ::write(STDERR_FILENO, line.data(), line.size());
  (void)ignored;
}

ProgressHeartbeat::ProgressHeartbeat(std::string rawDir, std::int64_t startedMonotonicNs, double delaySeconds,
                                     double durationSeconds)
    : raw_dir_(std::move(rawDir)),
      started_ns_(startedMonotonicNs),
      delay_(delaySeconds),
      duration_(durationSeconds) {
  thread_ = std::thread([this] { loop(); });
}

ProgressHeartbeat::~ProgressHeartbeat() {
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void ProgressHeartbeat::loop() {
  rawstream::ProgressScanner scanner(raw_dir_);
  std::unique_lock lock(mutex_);
  while (!done_) {
    wake_.wait_for(lock, std::chrono::seconds(1), [this] { return done_; });
    if (done_) break;
    auto totals = scanner.scan();
    double elapsed = static_cast<double>(trace::monotonicNowNs() - started_ns_) / 1e9;
    std::string counts = fmt::format("{} process{}, {} records", totals.streams,
                                     totals.streams == 1 ? "" : "es", totals.records);
    if (duration_ <= 0) {
      writeProgressLine(0, fmt::format("recording {:.0f} s: {}", elapsed, counts));
    } else if (elapsed < delay_) {
      writeProgressLine(0, fmt::format("waiting {:.0f} s of --delay {:.0f} s", elapsed, delay_));
    } else {
      double recorded = std::min(elapsed - delay_, duration_);
      writeProgressLine(recorded / duration_,
                        fmt::format("recording {:.0f} s of {:.0f} s: {}", recorded, duration_, counts));
    }
  }
}

}  // namespace feedscope::launch
