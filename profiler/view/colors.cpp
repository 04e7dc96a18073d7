// Colour choices of the timeline.
#include "view/colors.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace feedscope::view {

using analysis::GapCause;

CauseGroup causeGroup(GapCause cause) {
  switch (cause) {
    case GapCause::CopyWaitPageable:
    case GapCause::CopyWaitPinned:
      return CauseGroup::CopyWait;
    case GapCause::HostDataLoading:
    case GapCause::HostBlockedInCuda:
    case GapCause::HostOther:
      return CauseGroup::HostWait;
    case GapCause::HostLaunchOverhead:
      return CauseGroup::Launch;
    case GapCause::DependencyOther:
      break;
  }
  return CauseGroup::Other;
}

Rgb runColor(std::size_t index) {
  static constexpr std::array<Rgb, 6> kRuns = {0x3b73c8, 0xe07b20, 0x3a9b5b, 0x9b59b6, 0xc0392b, 0x16a085};
  return kRuns[index % kRuns.size()];
}

std::string_view causeGroupLabel(CauseGroup group) {
  switch (group) {
    case CauseGroup::CopyWait:
      return "copy wait";
    case CauseGroup::HostWait:
      return "host wait";
    case CauseGroup::Launch:
      return "launch overhead";
    case CauseGroup::Other:
      break;
  }
  return "dependency / other";
}

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

Rgb causeGroupColor(CauseGroup group) {
  switch (group) {
    case CauseGroup::CopyWait:
      return palette::kCopyWaitPageable;
    case CauseGroup::HostWait:
      return palette::kHostDataLoading;
    case CauseGroup::Launch:
      return palette::kLaunchOverhead;
    case CauseGroup::Other:
      break;
  }
  return palette::kDependency;
}

std::array<CauseLegendEntry, analysis::kGapCauseCount> starvationLegend() {
  auto entry = [](GapCause cause, std::string_view word) { return CauseLegendEntry{cause, word, causeColor(cause)}; };
  return {entry(GapCause::CopyWaitPageable, "pageable copy"), entry(GapCause::CopyWaitPinned, "pinned copy"),
          entry(GapCause::HostDataLoading, "data loading"),   entry(GapCause::HostBlockedInCuda, "blocked"),
          entry(GapCause::HostOther, "host other"),           entry(GapCause::HostLaunchOverhead, "launch"),
          entry(GapCause::DependencyOther, "other")};
}

double lightness(Rgb c) {
  int hi = std::max({red(c), green(c), blue(c)});
  int lo = std::min({red(c), green(c), blue(c)});
  return (hi + lo) / 510.0;
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

}  // namespace feedscope::view
