// One clock for the ranks: the ranks of a blocking collective finish within microseconds of each
// other, host clocks of different machines disagree by milliseconds, so each rank's clock is moved
// onto the lowest rank's by the collective ends (docs/metrics.md, "Clock alignment"). Ranks that
// share no collective with the lowest (another tensor-parallel group) are reached through the groups
// they share with ranks already aligned.
#pragma once
#include <string_view>
#include <vector>

#include "job/collective_matching.h"

namespace feedscope::job {

enum class ClockMethod { Collectives, Recorded };
std::string_view clockMethodKey(ClockMethod m);  // "collectives", "recorded"

struct ClockAlignment {
  ClockMethod method = ClockMethod::Recorded;
  // Per rank (the order given): added to its recorded times to put it on the first rank's clock.
  std::vector<TimeNs> shift_ns;
  // The largest |aligned end − the aligned end of the collective's lowest member| over the matched
  // collectives.
  TimeNs max_residual_ns = 0;
  // Ranks (indexes) no matched collective links to the first rank: their recorded clocks are used.
  std::vector<std::size_t> unaligned;
};

// Ranks are aligned one at a time, the first rank first: next comes the rank sharing the most
// matched collectives with ranks already aligned, and its shift is the median over those
// collectives of (the aligned end of the lowest aligned member − its end), which a few collectives
// that did not end together cannot move. Without a matched collective, the recorded clocks as they
// are (method Recorded).
ClockAlignment alignClocks(const std::vector<RankCollectives>& ranks, const CollectiveMatch& match);

}  // namespace feedscope::job
