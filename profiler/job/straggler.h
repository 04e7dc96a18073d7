// The job's straggler and why it was late (docs/metrics.md, "The straggler and its cause").
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "analysis/finding.h"
#include "job/peer_wait.h"
#include "job/rank_activity.h"
#include "job/rank_summary.h"

namespace feedscope::job {

struct Straggler {
  std::size_t index = 0;  // into the job's ranks
  int rank = 0;
  std::size_t late_count = 0;  // collectives it arrived last at, later than the second-last
  TimeNs delay_ns = 0;         // summed over those collectives
  Activity cause = Activity::Compute;
  // The cause's time on the straggler minus the other ranks' median, per collective it was late at.
  TimeNs cause_excess_ns = 0;
  std::string host_range;      // for a host cause: the range with the largest excess ("## forward ##")
  TimeNs host_range_excess_ns = 0;  // per collective it was late at
  std::vector<analysis::EvidenceRange> evidence;  // its late collectives' lead-up, own clock, largest delay first
};

// Inputs per rank (the job's order): its summary (collectives and lead-ups), the match, the clocks,
// the arrivals, and the job's window on the aligned clock.
struct StragglerInputs {
  std::vector<const RankSummary*> ranks;
  const std::vector<RankCollectives>* collectives = nullptr;
  const CollectiveMatch* match = nullptr;
  const ClockAlignment* clock = nullptr;
  const std::vector<CollectiveArrivals>* arrivals = nullptr;
  std::vector<int> rank_numbers;
  Span job_window;  // aligned: the earliest trace start to the latest trace end
};

// The rank with the most delay, when that delay is at least thresholds::kStragglerMinDelayPct of the
// job's window; its cause is the activity whose time on it, in the lead-up to the collectives it was
// late at, most exceeds the other ranks' median in the same lead-ups. nullopt for a balanced job.
std::optional<Straggler> findStraggler(const StragglerInputs& in);

}  // namespace feedscope::job
