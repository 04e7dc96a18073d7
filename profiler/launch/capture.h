// What part of a recording to keep: --capture nvtx:RANGE (inside a named NVTX range), --capture
// cudaProfilerApi (between cudaProfilerStart and cudaProfilerStop), and the --delay/--duration window.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include "trace/run.h"
#include "trace/string_table.h"

namespace feedscope::launch {

struct CaptureSpec {
  enum class Kind { Everything, NvtxRange, ProfilerApi };
  Kind kind = Kind::Everything;
  std::string range;  // for NvtxRange
};

// "nvtx:train", "cudaProfilerApi"; nullopt for anything else.
std::optional<CaptureSpec> parseCapture(const std::string& text);

struct CaptureStats {
  std::uint64_t windows = 0;  // occurrences of the range, or start/stop pairs, over all processes
  std::uint64_t kept = 0;
  std::uint64_t removed = 0;
};

// Keeps, per process, the intervals that start inside one of its capture windows, and the GPU work
// launched by a host call that did (it may run on the GPU after the window closed).
CaptureStats applyCapture(trace::Run& run, const trace::StringTable& strings, const CaptureSpec& spec);

// Keeps the intervals that start inside [start_ns, end_ns) (the --delay/--duration window).
CaptureStats applyTimeWindow(trace::Run& run, std::int64_t start_ns,
                             std::int64_t end_ns = std::numeric_limits<std::int64_t>::max());

}  // namespace feedscope::launch
