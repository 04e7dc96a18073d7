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

// The unit the edges of a duration bin are written in: µs below 1 ms, ms below 1 s, else s.
struct BinUnit {
  TimeNs ns;
  const char* name;
};
BinUnit binUnitOf(TimeNs ns);
// `ns` in `unit`, without trailing zeros: 300'000 in ms -> "0.3".
std::string inBinUnit(TimeNs ns, BinUnit unit);
// The label of the duration bin [lo, hi), both ends in the unit of the upper one: "< 1 µs" when lo
// is 0, else "3–10 µs", "0.3–1 ms". The GUI's and the HTML report's gap histograms share it.
std::string formatDurationBin(TimeNs lo, TimeNs hi);

}  // namespace feedscope::trace
