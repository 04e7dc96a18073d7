// Every colour a user sees, in the GUI and in the HTML report alike (0xRRGGBB, no Qt): kernels blue,
// copies red to orange (Nsight Systems' habit), starvation by cause, severities, better/worse, runs,
// host ranges hashed from their name with the digits removed (Perfetto's habit, so "step 12" and
// "step 13" match). One table: the report writes these as "#rrggbb", the GUI as QColor.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "analysis/finding.h"
#include "analysis/gap_cause.h"
#include "trace/types.h"

namespace feedscope::present {

using Rgb = std::uint32_t;

// Light is the HTML report's and the GUI's default; Dark is the GUI's dark theme (View ▸ Theme).
enum class Theme : std::uint8_t { Light, Dark };

namespace palette {
// Kinds of work on the timeline.
inline constexpr Rgb kKernel = 0x3f7fd9;
inline constexpr Rgb kH2dPinned = 0xd8452c;
inline constexpr Rgb kH2dPageable = 0xa8201a;  // darker than pinned: it also carries a hatch
inline constexpr Rgb kD2h = 0xf0932b;
inline constexpr Rgb kOtherCopy = 0xe06f3c;
inline constexpr Rgb kMemset = 0x9b6fc4;
inline constexpr Rgb kSync = 0x9a9a9a;
inline constexpr Rgb kApiCall = 0x5f8f9f;
inline constexpr Rgb kStep = 0x4f9d69;
inline constexpr Rgb kHostRange = 0x7d93b0;  // a host lane whose intervals have no name to hash
// Starvation causes: one family per group, told apart by hue at about the same lightness, so that
// whichever cause is largest never gets a washed-out shade. Copy waits are the copies' reds.
inline constexpr Rgb kCopyWaitPageable = 0xc0261b;
inline constexpr Rgb kCopyWaitPinned = 0xd8661a;
inline constexpr Rgb kHostDataLoading = 0xb44b9b;
inline constexpr Rgb kHostBlocked = 0x6a4fc2;
inline constexpr Rgb kHostOther = 0xd0458a;
inline constexpr Rgb kLaunchOverhead = 0xe3be1f;
inline constexpr Rgb kDependency = 0x8c8c8c;
// Data-loading ranges on a host lane have the colour of the starvation they cause.
inline constexpr Rgb kDataLoading = kHostDataLoading;
// Changes against a baseline (comparison tables, the A/B lane): better, worse, within noise.
inline constexpr Rgb kBetter = 0x2e9e4f;
inline constexpr Rgb kWorse = 0xc0392b;
inline constexpr Rgb kNeutral = 0x8c8c8c;
// Chart furniture of the HTML report.
inline constexpr Rgb kAxis = 0x8c8c8c;
inline constexpr Rgb kGrid = 0xe6e6e6;
inline constexpr Rgb kText = 0x222222;
inline constexpr Rgb kLaneBackground = 0xf7f7f7;
}  // namespace palette

// The colour of a starvation cause (the starvation lane, the report's breakdown bars and strips).
Rgb causeColor(analysis::GapCause cause);
// The colour of a GPU copy by direction and host memory.
Rgb copyColor(trace::IntervalKind kind, trace::MemoryKind hostMemory);
// Severity of a finding, as text or a mark on the theme's background.
Rgb severityColor(analysis::Severity severity, Theme theme = Theme::Light);
// A change against the baseline: better, worse or within noise (nullopt), as text on the theme.
Rgb changeColor(std::optional<bool> better, Theme theme = Theme::Light);
// The colour of the `index`th run wherever runs are compared (charts, legends, headers).
Rgb runColor(std::size_t index);
// A stable colour for a host range name, ignoring digits: "ProfilerStep#3" and "ProfilerStep#12" match.
Rgb nameColor(std::string_view name);

// `c` mixed with white (amount 0..1) or black.
Rgb lighter(Rgb c, double amount);
Rgb darker(Rgb c, double amount);
// The lighter shade a lane draws behind its busy fraction (the busiest moment of a pixel column).
Rgb peakShade(Rgb c);
// HSL lightness, 0..1.
double lightness(Rgb c);
// "#3f7fd9", for HTML and SVG.
std::string hex(Rgb c);

constexpr int red(Rgb c) {
  return static_cast<int>((c >> 16) & 0xff);
}
constexpr int green(Rgb c) {
  return static_cast<int>((c >> 8) & 0xff);
}
constexpr int blue(Rgb c) {
  return static_cast<int>(c & 0xff);
}

}  // namespace feedscope::present
