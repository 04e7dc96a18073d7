// Cause names, groups and their colours.
#include "present/causes.h"

namespace feedscope::present {

using analysis::GapCause;

CauseGroup causeGroup(GapCause cause) {
  if (analysis::isCopyWait(cause)) return CauseGroup::CopyWait;
  if (analysis::isHostWait(cause)) return CauseGroup::HostWait;
  return CauseGroup::Other;
}

std::string_view causeGroupLabel(CauseGroup group) {
  switch (group) {
    case CauseGroup::CopyWait:
      return "copy wait";
    case CauseGroup::HostWait:
      return "host wait";
    case CauseGroup::Other:
      break;
  }
  return "dependency / other";
}

Rgb causeGroupColor(CauseGroup group) {
  switch (group) {
    case CauseGroup::CopyWait:
      return palette::kCopyWaitPageable;
    case CauseGroup::HostWait:
      return palette::kHostOther;
    case CauseGroup::Other:
      break;
  }
  return palette::kDependency;
}

std::string_view causeLabel(GapCause cause) {
  switch (cause) {
    case GapCause::CopyWaitPageable:
      return "copy wait (pageable)";
    case GapCause::CopyWaitPinned:
      return "copy wait (pinned)";
    case GapCause::HostDataLoading:
      return "host: data loading";
    case GapCause::HostBlockedInCuda:
      return "host: blocked in CUDA";
    case GapCause::HostLaunchOverhead:
      return "host: launch overhead";
    case GapCause::HostOther:
      return "host: other";
    case GapCause::DependencyOther:
      break;
  }
  return "dependency / other";
}

std::string_view causeWord(GapCause cause) {
  switch (cause) {
    case GapCause::CopyWaitPageable:
      return "pageable copy";
    case GapCause::CopyWaitPinned:
      return "pinned copy";
    case GapCause::HostDataLoading:
      return "data loading";
    case GapCause::HostBlockedInCuda:
      return "blocked";
    case GapCause::HostLaunchOverhead:
      return "launch";
    case GapCause::HostOther:
      return "host other";
    case GapCause::DependencyOther:
      break;
  }
  return "other";
}

std::string_view causeExplanation(GapCause cause) {
  switch (cause) {
    case GapCause::CopyWaitPageable:
      return "an input copy from pageable memory was running; pin the input to hide it";
    case GapCause::CopyWaitPinned:
      return "an input copy was running; prefetch it on a side stream to hide it";
    case GapCause::HostDataLoading:
      return "the host was late, loading data";
    case GapCause::HostBlockedInCuda:
      return "the host was late, blocked in a synchronising CUDA call";
    case GapCause::HostLaunchOverhead:
      return "the host was late by less than the launch-overhead threshold";
    case GapCause::HostOther:
      return "the host was late, busy with other work (Python or CPU work)";
    case GapCause::DependencyOther:
      break;
  }
  return "the work was already issued: a dependency, or nothing in the data explains it";
}

}  // namespace feedscope::present
