// `record --progress machine`: FEEDSCOPE-PROGRESS <fraction> <message> lines on stderr for the GUI,
// which runs feedscope as a child process. A heartbeat thread while the program runs; single lines after.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace feedscope::launch {

// One line, written with one write(2): the program shares this stderr, and a short write is not split.
void writeProgressLine(double fraction, const std::string& message);

class ProgressHeartbeat {
 public:
  // Once a second: with a duration, the recorded share of it; without, fraction 0 and the elapsed
  // seconds. Both with the processes and records written so far to `rawDir`.
  ProgressHeartbeat(std::string rawDir, std::int64_t startedMonotonicNs, double delaySeconds,
                    double durationSeconds);
  ~ProgressHeartbeat();  // stops the thread
  ProgressHeartbeat(const ProgressHeartbeat&) = delete;
  ProgressHeartbeat& operator=(const ProgressHeartbeat&) = delete;

 private:
  void loop();

  std::string raw_dir_;
  std::int64_t started_ns_;
  double delay_, duration_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace feedscope::launch
