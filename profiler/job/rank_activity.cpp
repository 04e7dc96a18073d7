#include "job/rank_activity.h"

#include <algorithm>
#include <utility>

#include "trace/range_names.h"

namespace feedscope::job {

std::string_view activityKey(Activity a) {
  switch (a) {
    case Activity::DataLoading: return "data_loading";
    case Activity::InputCopy: return "input_copy";
    case Activity::Host: return "host";
    case Activity::Compute: return "compute";
    case Activity::BeforeWindow: return "before_window";
  }
  return "compute";
}

ActivityTimes& ActivityTimes::operator+=(const ActivityTimes& other) {
  for (int i = 0; i < kActivityCount; ++i) ns[static_cast<std::size_t>(i)] += other.ns[static_cast<std::size_t>(i)];
  for (const auto& [name, t] : other.host_by_range) host_by_range[name] += t;
  return *this;
}

RankActivity::RankActivity(const analysis::DeviceTimeline& timeline, SpanList compute, const trace::StringTable& strings)
    : timeline_(timeline), strings_(strings), compute_(std::move(compute)) {}

ActivityTimes RankActivity::within(Span window) const {
  ActivityTimes out;
  if (window.end <= window.start) return out;
  out[Activity::Compute] = computeWithin(window);
  const auto& causes = timeline_.causes;
  auto it = std::lower_bound(causes.begin(), causes.end(), window.start,
                             [](const analysis::CauseSegment& s, TimeNs t) { return s.end <= t; });
  for (; it != causes.end() && it->start < window.end; ++it) {
    const TimeNs t = std::min(it->end, window.end) - std::max(it->start, window.start);
    if (t <= 0) continue;
    switch (it->cause) {
      case analysis::GapCause::HostDataLoading:
        out[Activity::DataLoading] += t;
        break;
      case analysis::GapCause::CopyWaitPageable:
      case analysis::GapCause::CopyWaitPinned:
        out[Activity::InputCopy] += t;
        break;
      case analysis::GapCause::HostOther: {
        // The host inside a collective's own range is launching the collective: communication.
        const std::string_view name =
            it->name == analysis::kUnnamedSegment ? std::string_view() : strings_.get(it->name);
        if (isCollectiveHostRangeName(name)) break;
        out[Activity::Host] += t;
        if (!name.empty()) out.host_by_range[trace::foldedRangeName(name)] += t;
        break;
      }
      case analysis::GapCause::HostBlockedInCuda:
      case analysis::GapCause::HostLaunchOverhead:
        out[Activity::Host] += t;
        break;
      case analysis::GapCause::DependencyOther:
        break;
    }
  }
  return out;
}

}  // namespace feedscope::job
