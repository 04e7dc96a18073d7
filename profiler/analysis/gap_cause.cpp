// Gap cause names and breakdown arithmetic.
#include "analysis/gap_cause.h"

namespace feedscope::analysis {
namespace {
constexpr std::array<std::string_view, kGapCauseCount> kKeys = {
    "copy_wait_pageable",   "copy_wait_pinned", "host_data_loading", "host_blocked_in_cuda",
    "host_launch_overhead", "host_other",       "dependency_other"};
}  // namespace

std::string_view gapCauseKey(GapCause cause) {
  return kKeys[static_cast<std::size_t>(cause)];
}

trace::TimeNs GapBreakdown::total() const {
  trace::TimeNs t = 0;
  for (auto v : ns) t += v;
  return t;
}
trace::TimeNs GapBreakdown::copyWait() const {
  return (*this)[GapCause::CopyWaitPageable] + (*this)[GapCause::CopyWaitPinned];
}
trace::TimeNs GapBreakdown::hostWait() const {
  return (*this)[GapCause::HostDataLoading] + (*this)[GapCause::HostBlockedInCuda] +
         (*this)[GapCause::HostLaunchOverhead] + (*this)[GapCause::HostOther];
}
GapBreakdown& GapBreakdown::operator+=(const GapBreakdown& other) {
  for (std::size_t i = 0; i < ns.size(); ++i) ns[i] += other.ns[i];
  return *this;
}

}  // namespace feedscope::analysis
