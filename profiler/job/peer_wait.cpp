#include "job/peer_wait.h"

#include <algorithm>

namespace feedscope::job {

std::optional<std::size_t> CollectiveArrivals::memberOf(std::size_t rank) const {
  auto it = std::lower_bound(members.begin(), members.end(), rank);
  if (it == members.end() || *it != rank) return std::nullopt;
  return static_cast<std::size_t>(it - members.begin());
}

TimeNs CollectiveArrivals::endNs() const { return end_ns.empty() ? 0 : *std::max_element(end_ns.begin(), end_ns.end()); }

std::vector<CollectiveArrivals> measureArrivals(const std::vector<RankCollectives>& ranks,
                                                const CollectiveMatch& match, const ClockAlignment& clock) {
  std::vector<CollectiveArrivals> out;
  out.reserve(match.matched.size());
  for (const MatchedCollective& m : match.matched) {
    CollectiveArrivals a;
    a.members = m.members;
    std::size_t last = 0;
    for (std::size_t i = 0; i < m.members.size(); ++i) {
      const Collective& c = ranks[m.members[i]].kernels[m.kernel[i]];
      const TimeNs shift = clock.shift_ns[m.members[i]];
      a.arrival_ns.push_back(c.start_ns + shift);
      a.end_ns.push_back(c.end_ns + shift);
      if (a.arrival_ns[i] > a.arrival_ns[last]) last = i;
    }
    a.last_rank = m.members[last];
    a.last_arrival_ns = a.arrival_ns[last];
    TimeNs secondLast = INT64_MIN;
    for (std::size_t i = 0; i < m.members.size(); ++i) {
      if (i != last) secondLast = std::max(secondLast, a.arrival_ns[i]);
    }
    a.delay_ns = secondLast == INT64_MIN ? 0 : a.last_arrival_ns - secondLast;
    for (std::size_t i = 0; i < m.members.size(); ++i) {
      const TimeNs duration = a.end_ns[i] - a.arrival_ns[i];
      a.peer_wait_ns.push_back(std::clamp<TimeNs>(a.last_arrival_ns - a.arrival_ns[i], 0, duration));
    }
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace feedscope::job
