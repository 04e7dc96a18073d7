// What one rank did between two moments, in the categories the straggler's cause is told in
// (docs/metrics.md, "The straggler and its cause"): the GPU's idle time by why it waited, the GPU's
// own work, and the time before the rank's trace began.
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
  // `traceStart`: the rank's first recorded moment (its extent), own clock.
  RankActivity(const analysis::DeviceTimeline& timeline, const RankCollectives& collectives,
               const trace::StringTable& strings);
  // `window` on the rank's own clock.
  ActivityTimes within(Span window) const;
  // The GPU's own work outside collectives, |K \ collectives|, inside `window`.
  TimeNs computeWithin(Span window) const { return analysis::lengthWithin(compute_, window); }

 private:
  const analysis::DeviceTimeline& timeline_;
  const trace::StringTable& strings_;
  SpanList compute_;  // kernels not under a collective kernel
};

}  // namespace feedscope::job
