// Timeline colours without Qt (0xRRGGBB): kernels blue, copies red to orange (Nsight's habit),
// starvation by cause, host ranges hashed from their name with the digits removed (Perfetto's habit,
// so "step 12" and "step 13" match).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "analysis/gap_cause.h"
#include "trace/types.h"

namespace feedscope::view {

using Rgb = std::uint32_t;

namespace palette {
inline constexpr Rgb kKernel = 0x3f7fd9;
inline constexpr Rgb kH2dPinned = 0xd8452c;
inline constexpr Rgb kH2dPageable = 0xa8201a;  // darker: it also carries a hatch
inline constexpr Rgb kD2h = 0xf0932b;
inline constexpr Rgb kOtherCopy = 0xe06f3c;
inline constexpr Rgb kMemset = 0x9b6fc4;
inline constexpr Rgb kSync = 0x9a9a9a;
inline constexpr Rgb kApiCall = 0x5f8f9f;
inline constexpr Rgb kStep = 0x4f9d69;
inline constexpr Rgb kDataLoading = 0xc2579b;
// Starvation lane: one family per group of causes, told apart by hue at about the same lightness, so
// that whichever cause is largest never gets a washed-out shade.
inline constexpr Rgb kCopyWaitPageable = 0xc0261b;
inline constexpr Rgb kCopyWaitPinned = 0xd8661a;
inline constexpr Rgb kHostDataLoading = 0xb44b9b;
inline constexpr Rgb kHostBlocked = 0x6a4fc2;
inline constexpr Rgb kHostOther = 0xd0458a;
inline constexpr Rgb kLaunchOverhead = 0xe3be1f;
inline constexpr Rgb kDependency = 0x8c8c8c;
// The A/B lane: a step that idles less than the first run's (more is kCopyWaitPageable's red).
inline constexpr Rgb kLessIdle = 0x2e9e4f;
}  // namespace palette

// The four groups the starvation lane shows: copy wait, host wait, launch overhead, other.
enum class CauseGroup : std::uint8_t { CopyWait = 0, HostWait = 1, Launch = 2, Other = 3 };
inline constexpr int kCauseGroupCount = 4;
CauseGroup causeGroup(analysis::GapCause cause);
std::string_view causeGroupLabel(CauseGroup group);  // "copy wait", "host wait", "launch", "other"
Rgb causeColor(analysis::GapCause cause);
Rgb causeGroupColor(CauseGroup group);

// The starvation lane's legend: one entry per cause shade, in the lane's row order.
struct CauseLegendEntry {
  analysis::GapCause cause;
  std::string_view word;  // short enough for the lane-name column: "pageable", "loading"
  Rgb color;
};
std::array<CauseLegendEntry, analysis::kGapCauseCount> starvationLegend();

// HSL lightness, 0..1.
double lightness(Rgb c);

// The colour of the `index`th opened run in the compare charts: the HTML report's run colours
// (io/report_palette.cpp), so a run looks the same in the GUI and in the report.
Rgb runColor(std::size_t index);

// A stable colour for a host range name, ignoring digits: "ProfilerStep#3" and "ProfilerStep#12" match.
Rgb nameColor(std::string_view name);
// The colour of a GPU copy by direction and host memory.
Rgb copyColor(trace::IntervalKind kind, trace::MemoryKind hostMemory);

// `c` mixed with white (amount 0..1) or black.
Rgb lighter(Rgb c, double amount);
Rgb darker(Rgb c, double amount);
constexpr int red(Rgb c) {
  return static_cast<int>((c >> 16) & 0xff);
}
constexpr int green(Rgb c) {
  return static_cast<int>((c >> 8) & 0xff);
}
constexpr int blue(Rgb c) {
  return static_cast<int>(c & 0xff);
}

}  // namespace feedscope::view
