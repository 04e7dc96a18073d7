// Who waited for whom at each collective (docs/metrics.md, "Peer wait and delay"): each member's
// arrival is its collective kernel's start on the aligned clock; the kernel of a member that arrived
// early spins until the last member arrives, so that part of it is waiting, not communication. Only
// the collective's own group takes part: a tensor-parallel all-gather has its group's ranks.
#pragma once
#include <cstddef>
#include <optional>
#include <vector>

#include "job/clock_alignment.h"

namespace feedscope::job {

inline constexpr std::size_t kNobody = static_cast<std::size_t>(-1);

struct CollectiveArrivals {
  std::vector<std::size_t> members;  // rank indexes, as the matched collective's
  std::vector<TimeNs> arrival_ns;    // per member, aligned
  std::vector<TimeNs> end_ns;        // per member, aligned
  std::vector<TimeNs> peer_wait_ns;  // per member: until the last arrival, at most its kernel's duration
  std::size_t last_rank = 0;         // the rank that arrived last (the lowest among equals)
  TimeNs delay_ns = 0;               // last arrival − second-last: what that rank alone cost the group
  TimeNs last_arrival_ns = 0;
  // The rank whose lateness the others waited for: the one whose being on time would have ended the
  // wait, through whichever groups it came (job/lateness.h, attributeWaits), else the last member.
  std::size_t waited_for = kNobody;
  std::optional<std::size_t> memberOf(std::size_t rank) const;
  TimeNs endNs() const;  // the latest member's end
};

std::vector<CollectiveArrivals> measureArrivals(const std::vector<RankCollectives>& ranks,
                                                const CollectiveMatch& match, const ClockAlignment& clock);

}  // namespace feedscope::job
