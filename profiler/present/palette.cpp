// The colour table and its rules.
#include "present/palette.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace feedscope::present {

using analysis::GapCause;

Rgb causeColor(GapCause cause) {
  switch (cause) {
    case GapCause::CopyWaitPageable:
      return palette::kCopyWaitPageable;
    case GapCause::CopyWaitPinned:
      return palette::kCopyWaitPinned;
    case GapCause::HostDataLoading:
      return palette::kHostDataLoading;
    case GapCause::HostBlockedInCuda:
      return palette::kHostBlocked;
    case GapCause::HostOther:
      return palette::kHostOther;
    case GapCause::HostLaunchOverhead:
      return palette::kLaunchOverhead;
    case GapCause::DependencyOther:
      break;
  }
  return palette::kDependency;
}

Rgb copyColor(trace::IntervalKind kind, trace::MemoryKind hostMemory) {
  switch (kind) {
    case trace::IntervalKind::MemcpyHtoD:
      return hostMemory == trace::MemoryKind::Pageable ? palette::kH2dPageable : palette::kH2dPinned;
    case trace::IntervalKind::MemcpyDtoH:
      return palette::kD2h;
    default:
      return palette::kOtherCopy;
  }
}

Rgb severityColor(analysis::Severity severity, Theme theme) {
  // On a dark background the same hues, lightened so that text in them stays readable.
  auto shade = [theme](Rgb c) { return theme == Theme::Dark ? lighter(c, 0.35) : c; };
  switch (severity) {
    case analysis::Severity::High:
      return shade(0xc0392b);
    case analysis::Severity::Medium:
      return shade(0xc27c0e);
    case analysis::Severity::Low:
      return shade(0x2e86c1);
    case analysis::Severity::Info:
      break;
  }
  return shade(0x7f8c8d);
}

Rgb changeColor(std::optional<bool> better, Theme theme) {
  const Rgb c = !better ? palette::kNeutral : *better ? palette::kBetter : palette::kWorse;
  return theme == Theme::Dark ? lighter(c, 0.3) : c;
}

Rgb runColor(std::size_t index) {
  // Ten hues apart from each other (Tableau's 10, darkened to read on white and dark): eight ranks of a
  // node never share a colour in a legend; beyond ten the charts hide their legends (ChartsPanel).
  static constexpr std::array<Rgb, 10> kRuns = {0x3b73c8, 0xe07b20, 0x3a9b5b, 0x9b59b6, 0xc0392b,
                                                0x16a085, 0x8c564b, 0xe377c2, 0x8f8f1f, 0x707070};
  return kRuns[index % kRuns.size()];
}

Rgb nameColor(std::string_view name) {
  // Muted hues that read on light and dark backgrounds and stay apart from the copy reds.
  static constexpr std::array<Rgb, 12> kHues = {0x5b9bd5, 0x70ad47, 0xa5a5a5, 0x4bacc6, 0x9e7cc1, 0x7fb77e,
                                                0x6c8ebf, 0xb99b6b, 0x5fb3a6, 0x8d9fd6, 0xa3b86c, 0xc98fb4};
  std::uint32_t hash = 2166136261u;  // FNV-1a
  for (char c : name) {
    if (c >= '0' && c <= '9') continue;
    hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
  }
  return kHues[hash % kHues.size()];
}

namespace {

Rgb mix(Rgb c, Rgb with, double amount) {
  auto channel = [&](int a, int b) { return static_cast<Rgb>(std::lround(a + (b - a) * amount)) & 0xffu; };
  return channel(red(c), red(with)) << 16 | channel(green(c), green(with)) << 8 |
         channel(blue(c), blue(with));
}

}  // namespace

Rgb lighter(Rgb c, double amount) {
  return mix(c, 0xffffff, amount);
}
Rgb darker(Rgb c, double amount) {
  return mix(c, 0x000000, amount);
}
Rgb peakShade(Rgb c) {
  return lighter(c, 0.65);
}

double lightness(Rgb c) {
  const int hi = std::max({red(c), green(c), blue(c)});
  const int lo = std::min({red(c), green(c), blue(c)});
  return (hi + lo) / 510.0;
}

std::string hex(Rgb c) {
  return fmt::format("#{:06x}", c & 0xffffffu);
}

}  // namespace feedscope::present
