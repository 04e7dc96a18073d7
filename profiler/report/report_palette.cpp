// Report colours.
#include "report/report_palette.h"

#include <array>

namespace feedscope::report::palette {

std::string_view causeColor(analysis::GapCause cause) {
  using analysis::GapCause;
  switch (cause) {
    case GapCause::CopyWaitPageable:
      return "#f28c28";
    case GapCause::CopyWaitPinned:
      return "#d63b2f";
    case GapCause::HostDataLoading:
      return "#3a9b5b";
    case GapCause::HostBlockedInCuda:
      return "#9b59b6";
    case GapCause::HostLaunchOverhead:
      return "#e6c229";
    case GapCause::HostOther:
      return "#7f8c8d";
    case GapCause::DependencyOther:
      return "#c8c8c8";
  }
  return "#c8c8c8";
}

std::string_view lighter(std::string_view color) {
  struct Pair {
    std::string_view base, light;
  };
  static constexpr std::array<Pair, 6> kPairs = {{{kKernel, kKernelPeak},
                                                  {kH2dPinned, "#f2b8b3"},
                                                  {kH2dPageable, "#f9cf9f"},
                                                  {kD2h, "#f5d9a8"},
                                                  {kMemset, "#d5cae6"},
                                                  {kDataLoading, "#b3dcc0"}}};
  for (const auto& p : kPairs) {
    if (p.base == color) return p.light;
  }
  return "#dddddd";
}

std::string_view runColor(std::size_t index) {
  static constexpr std::array<std::string_view, 6> kRuns = {"#3b73c8", "#e07b20", "#3a9b5b",
                                                            "#9b59b6", "#c0392b", "#16a085"};
  return kRuns[index % kRuns.size()];
}

}  // namespace feedscope::report::palette
