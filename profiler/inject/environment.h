// The environment variables through which `feedscope record` tells the injection library, in every
// process of the recorded program, where to write and what to record.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace feedscope::inject {

// Set for the CUDA driver and for NVTX: both load the library named here.
inline constexpr const char* kCudaInjectionVar = "CUDA_INJECTION64_PATH";
inline constexpr const char* kNvtxInjectionVar = "NVTX_INJECTION64_PATH";
// The folder each process writes its <pid>-<ns>.fsraw into. Without it the library records nothing.
inline constexpr const char* kRawDirVar = "FEEDSCOPE_RAW_DIR";
// "0" switches NVTX range collection off (--no-nvtx).
inline constexpr const char* kNvtxVar = "FEEDSCOPE_NVTX";
// CLOCK_MONOTONIC ns bounds of what to keep (--delay, --duration); records outside are not written.
inline constexpr const char* kWindowStartVar = "FEEDSCOPE_WINDOW_START_NS";
inline constexpr const char* kWindowEndVar = "FEEDSCOPE_WINDOW_END_NS";
// How often the flush thread writes what has been collected (default 1000 ms).
inline constexpr const char* kFlushMsVar = "FEEDSCOPE_FLUSH_MS";

// Comma-separated groups of records the collector leaves out (--leave-out): to lighten a recording,
// or to find which part of it costs a program time.
inline constexpr const char* kLeaveOutVar = "FEEDSCOPE_LEAVE_OUT";
// The groups, as --leave-out names them: CUDA event records, synchronisations, the driver calls that
// launch and copy (cupti/driver_calls.h), runtime calls, CUPTI's overhead records.
inline constexpr std::string_view kLeavableGroups[] = {"events", "syncs", "driver", "runtime", "overhead"};

inline constexpr int kDefaultFlushMs = 1000;

struct RecorderConfig {
  std::string raw_dir;
  bool nvtx = true;
  std::int64_t window_start_ns = 0;        // keep records starting at or after this
  std::int64_t window_end_ns = INT64_MAX;  // and before this
  int flush_ms = kDefaultFlushMs;
  std::vector<std::string> leave_out;  // of kLeavableGroups
  // Values that could not be used, each a sentence for the stream's messages.
  std::vector<std::string> problems;

  bool enabled() const { return !raw_dir.empty(); }
  bool leavesOut(std::string_view group) const {
    for (const auto& g : leave_out) {
      if (g == group) return true;
    }
    return false;
  }
  bool inWindow(std::int64_t start_ns) const {
    return start_ns >= window_start_ns && start_ns < window_end_ns;
  }
};

// Reads the variables above through `lookup` (getenv in the library, a map in tests).
RecorderConfig readRecorderConfig(const std::function<const char*(const char*)>& lookup);

}  // namespace feedscope::inject
