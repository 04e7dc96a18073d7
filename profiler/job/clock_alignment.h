// One clock for the ranks: the ranks of a blocking collective finish within microseconds of each
// other, host clocks of different machines disagree by milliseconds, so each rank's clock is moved
// onto the lowest rank's by the collective ends (docs/metrics.md, "Clock alignment").
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
  // The largest |aligned end − the first rank's end| over the matched collectives.
  TimeNs max_residual_ns = 0;
};

// Each rank's shift is the median over the matched collectives of (first rank's end − its end):
// robust to a few collectives that did not end together. Without a matched collective, the recorded
// clocks as they are (method Recorded).
ClockAlignment alignClocks(const std::vector<RankCollectives>& ranks, const CollectiveMatch& match);

}  // namespace feedscope::job
