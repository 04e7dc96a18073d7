// The steps of a job (docs/metrics.md, "Job figures and findings"): each rank's steps paired across
// the ranks (by step number when every rank numbers its steps apart, else by order), and the step
// every rank experiences: from the first rank's start to the last rank's end, on the aligned clock.
#pragma once
#include <cstddef>
#include <vector>

#include "job/rank_summary.h"
#include "job/replay.h"

namespace feedscope::job {

struct JobStepSpans {
  Span span;                       // aligned: the first rank's start to the last rank's end
  std::vector<Span> of_rank;       // aligned, per rank
  std::vector<std::size_t> index;  // per rank: the step's index among its own steps
};

// The steps every rank has; none when a rank has no steps.
std::vector<JobStepSpans> pairSteps(const std::vector<RankSummary>& ranks, const std::vector<TimeNs>& shift);

// The step's length in a replay: each rank's start and end come as much sooner as its timeline in the
// replay says then (job/replay.h).
TimeNs replayedLength(const JobStepSpans& step, const Replay& replayed);

}  // namespace feedscope::job
