// Human-readable units for durations, sizes and bandwidths, shared by reports, the CLI and the GUI.
#pragma once

#include <cstdint>
#include <string>

#include "trace/types.h"

namespace feedscope::trace {

// "812 ns", "3.86 µs", "60.6 ms", "1.25 s" — three significant digits.
std::string formatDuration(TimeNs ns);
// "512 B", "64.0 KiB", "18.8 MiB", "1.50 GiB".
std::string formatBytes(std::uint64_t bytes);
// "54.7 GB/s" (decimal, as CUDA tools report bandwidth).
std::string formatGbps(double gbps);
// "45.06 %".
std::string formatPct(double pct);

}  // namespace feedscope::trace
