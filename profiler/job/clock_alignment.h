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
  // Of those, the ranks whose collectives would have moved them out of the job's window (alignClocks).
  std::vector<std::size_t> outside_window;
};

// Ranks are aligned one at a time, the first rank first: next comes the rank sharing the most
// matched collectives with ranks already aligned, and its shift is the median over those
// collectives of (the aligned end of the lowest aligned member − its end), which a few collectives
// that did not end together cannot move. Without a matched collective, the recorded clocks as they
// are (method Recorded).
// `extents[r]`, when given, is rank r's recorded extent (all of them within less than
// trace::kMaxTimeNs of each other: ranksOnOneClockWindow). A shift that would move a rank's extent out of the
// time rule (±kMaxTimeNs) or stretch the job's window (the union of the ranks' extents, recorded or
// moved) to kMaxTimeNs is not taken: the rank keeps its recorded clock and is listed unaligned
// (and outside_window). So every time of the job, aligned or not, lies in one window shorter than
// kMaxTimeNs, and no sum or difference of two of them overflows.
ClockAlignment alignClocks(const std::vector<RankCollectives>& ranks, const CollectiveMatch& match,
                           const std::vector<Span>& extents = {});

// The ranks (indexes, in order) whose recorded extents fit one window shorter than trace::kMaxTimeNs
// (146 years), the first always, the others in order. A rank beyond is no rank of this job (a damaged
// or foreign clock).
std::vector<std::size_t> ranksOnOneClockWindow(const std::vector<Span>& extents);

}  // namespace feedscope::job
