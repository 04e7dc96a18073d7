// What one rank did between two moments, in the categories the straggler's cause is told in
// (docs/metrics.md, "The straggler and its cause"): the GPU's idle time by why it waited and the GPU's
// own work. The time before the rank's trace began is the job's to measure (job/straggler.cpp).
#pragma once
#include <array>
#include <map>
#include <string>
#include <string_view>

#include "analysis/device_timeline.h"
#include "job/collectives.h"
#include "trace/string_table.h"

namespace feedscope::job {

enum class Activity : std::uint8_t { DataLoading = 0, InputCopy = 1, Host = 2, Compute = 3, BeforeWindow = 4 };
inline constexpr int kActivityCount = 5;
// The JSON key and the straggler's cause: "data_loading", "input_copy", "host", "compute", "before_window".
std::string_view activityKey(Activity a);

struct ActivityTimes {
  std::array<TimeNs, kActivityCount> ns{};
  std::map<std::string, TimeNs> host_by_range;  // the Host time by the range that named it (host_wait_names)
  TimeNs& operator[](Activity a) { return ns[static_cast<std::size_t>(a)]; }
  TimeNs operator[](Activity a) const { return ns[static_cast<std::size_t>(a)]; }
  ActivityTimes& operator+=(const ActivityTimes& other);
};

// A rank's timeline prepared once for many windows.
class RankActivity {
 public:
  // `compute`: the union of the rank's kernels that are not collectives (job/collectives.h).
  RankActivity(const analysis::DeviceTimeline& timeline, SpanList compute, const trace::StringTable& strings);
  // `window` on the rank's own clock.
  ActivityTimes within(Span window) const;
  // The rank's compute inside `window`: every kernel that is not a collective, whatever else ran
  // beside it (a DDP bucket's all-reduce overlapping backward kernels).
  TimeNs computeWithin(Span window) const { return analysis::lengthWithin(compute_, window); }
  const SpanList& compute() const { return compute_; }

 private:
  const analysis::DeviceTimeline& timeline_;
  const trace::StringTable& strings_;
  SpanList compute_;
};

}  // namespace feedscope::job
