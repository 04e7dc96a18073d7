// Who waited for whom at each collective (docs/metrics.md, "Peer wait and delay"): each rank's
// arrival is its collective kernel's start on the aligned clock; the kernel of a rank that arrived
// early spins until the last rank arrives, so that part of it is waiting, not communication.
#pragma once
#include <cstddef>
#include <vector>

#include "job/clock_alignment.h"

namespace feedscope::job {

struct CollectiveArrivals {
  std::vector<TimeNs> arrival_ns;    // per rank, aligned
  std::vector<TimeNs> peer_wait_ns;  // per rank: until the last arrival, at most its kernel's duration
  std::size_t last_rank = 0;         // index of the rank that arrived last (the lowest among equals)
  TimeNs delay_ns = 0;               // last arrival − second-last: what that rank alone cost the job
  TimeNs last_arrival_ns = 0;
};

std::vector<CollectiveArrivals> measureArrivals(const std::vector<RankCollectives>& ranks,
                                                const CollectiveMatch& match, const ClockAlignment& clock);

}  // namespace feedscope::job
