#include "job/peer_wait.h"

#include <algorithm>

namespace feedscope::job {

std::vector<CollectiveArrivals> measureArrivals(const std::vector<RankCollectives>& ranks,
                                                const CollectiveMatch& match, const ClockAlignment& clock) {
  std::vector<CollectiveArrivals> out;
  out.reserve(match.matched.size());
  for (const MatchedCollective& m : match.matched) {
    CollectiveArrivals a;
    for (std::size_t r = 0; r < ranks.size(); ++r) a.arrival_ns.push_back(ranks[r].kernels[m.kernel[r]].start_ns + clock.shift_ns[r]);
    a.last_rank = static_cast<std::size_t>(std::max_element(a.arrival_ns.begin(), a.arrival_ns.end()) - a.arrival_ns.begin());
    a.last_arrival_ns = a.arrival_ns[a.last_rank];
    TimeNs secondLast = INT64_MIN;
    for (std::size_t r = 0; r < ranks.size(); ++r) {
      if (r != a.last_rank) secondLast = std::max(secondLast, a.arrival_ns[r]);
    }
    a.delay_ns = secondLast == INT64_MIN ? 0 : a.last_arrival_ns - secondLast;
    for (std::size_t r = 0; r < ranks.size(); ++r) {
      const TimeNs duration = ranks[r].kernels[m.kernel[r]].durationNs();
      a.peer_wait_ns.push_back(std::clamp<TimeNs>(a.last_arrival_ns - a.arrival_ns[r], 0, duration));
    }
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace feedscope::job
