// Which rank costs the job, by how much, and whether that lateness stays on one rank
// (docs/metrics.md, "The straggler and its cause"): each rank's cost is how much sooner the job would
// end had that rank alone been on time, from a replay of the job's dependency chain (job/replay.h).
#pragma once
#include <cstddef>
#include <optional>
#include <vector>

#include "job/job_steps.h"

namespace feedscope::job {

struct RankCost {
  TimeNs cost_ns = 0;                  // how much sooner the job's last collective ends with it on time
  std::vector<TimeNs> step_saving_ns;  // per job step: how much shorter that step is with it on time
  std::size_t late_steps = 0;          // steps it made longer by at least the noise (the whole window without steps)
};

struct LatenessFigures {
  std::vector<RankCost> ranks;
  TimeNs noise_ns = 0;            // thresholds::kLateStepMinPct of the median step (of the window without steps)
  std::size_t ranks_late = 0;     // ranks late in at least one step
  TimeNs median_delay_ns = 0;     // over every rank's late steps: what the rank cost that step
  std::optional<std::size_t> straggler;  // the rank of the largest cost, when it is persistent (thresholds.h)
  bool rotates = false;           // several ranks late, none persistently: no single straggler
  // Per collective: the rank whose being on time brings its last arrival soonest, and by how much
  // (kNobody and 0 when no rank's does).
  std::vector<std::size_t> soonest_rank;
  std::vector<TimeNs> soonest_ns;
};

// `steps` of the job (may be empty), `window` its aligned extent.
LatenessFigures measureLateness(const JobChain& chain, const std::vector<JobStepSpans>& steps, Span window);

// Sets each collective's `waited_for`: the rank whose being on time would have ended the wait, when
// that brings the last arrival sooner by at least half the longest wait there (its lateness, through
// whichever groups it came); else the last member. Nobody when no member waited.
void attributeWaits(const LatenessFigures& lateness, std::vector<CollectiveArrivals>& arrivals);

// With `onTime` ranks on time: the job's steps replayed (their median, 0 without steps) and how much
// sooner its last collective ends.
struct ReplayedJob {
  TimeNs median_step_ns = 0;
  std::vector<TimeNs> step_ns;
  TimeNs end_saving_ns = 0;
};
ReplayedJob replayJob(const JobChain& chain, const std::vector<JobStepSpans>& steps, const std::vector<bool>& onTime);

}  // namespace feedscope::job
