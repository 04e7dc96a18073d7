// The job's straggler: why it was late, where, and whom it made wait (docs/metrics.md, "The
// straggler and its cause"). Which rank it is comes from job/lateness.h.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "analysis/finding.h"
#include "job/lateness.h"
#include "job/rank_activity.h"
#include "job/rank_summary.h"

namespace feedscope::job {

// Collectives of one process group and operation in the straggler's story.
struct StragglerPart {
  std::string collective;  // "AllGather in process group 2 (ranks 4-7)"
  std::size_t count = 0;   // those it arrived last at (or that waited for it through another group)
  std::size_t total = 0;   // every matched one of that group and operation
  friend bool operator==(const StragglerPart&, const StragglerPart&) = default;
};

struct Straggler {
  std::size_t index = 0;  // into the job's ranks
  int rank = 0;
  std::size_t late_count = 0;  // collectives it arrived last at, and was waited for
  std::size_t late_steps = 0;  // steps it made longer (job/lateness.h)
  std::size_t step_count = 0;  // the job's steps; 0 without steps in common
  TimeNs delay_ns = 0;         // its cost: how much sooner the job would end had it been on time
  Activity cause = Activity::Compute;
  // The cause's time on the straggler minus the other ranks' median: per step it was late in (in all
  // when the job has no steps in common; once for before_window).
  TimeNs cause_excess_ns = 0;
  std::string host_range;           // for a host cause: the range with the largest excess ("## forward ##")
  TimeNs host_range_excess_ns = 0;  // counted as cause_excess_ns is
  std::vector<StragglerPart> arrived_last;    // where it arrived last, and was waited for
  std::vector<StragglerPart> waited_through;  // collectives of other groups that waited for it through those
  std::vector<analysis::EvidenceRange> evidence;  // lead-ups of its late arrivals, own clock, largest delay first
};

struct StragglerInputs {
  std::vector<const RankSummary*> ranks;
  const CollectiveMatch* match = nullptr;
  const std::vector<CollectiveArrivals>* arrivals = nullptr;
  const JobChain* chain = nullptr;
  const ClockAlignment* clock = nullptr;
  const std::vector<JobStepSpans>* steps = nullptr;
  const LatenessFigures* lateness = nullptr;
  std::vector<int> rank_numbers;
  Span job_window;  // aligned: the earliest trace start to the latest trace end
};

// The story of rank `who`, the straggler: its cause is the activity whose time on it, in the steps it
// was late in, most exceeds the other ranks' median in the same steps; when even that explains less
// than half of what it cost those steps, the time before its trace began.
Straggler describeStraggler(const StragglerInputs& in, std::size_t who);

}  // namespace feedscope::job
