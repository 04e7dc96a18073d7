// The words of a job's report, for every report and the GUI: the straggler sentence, its cause's name
// and fix, the rank-wait cause of a rank's starvation (docs/metrics.md, "Jobs and ranks"). They take
// plain values: present/ lies below the job analysis (docs/architecture.md, layers).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trace/types.h"

namespace feedscope::present {

// "data loading", "input copies", "other host work", "kernels", "time before the captured window",
// for the keys of job/rank_activity.h ("data_loading", ...).
std::string_view stragglerCauseLabel(std::string_view causeKey);

// What to change for a straggler of that cause.
std::string_view stragglerFix(std::string_view causeKey);

// A rank's starvation cause in a job: "waiting for rank 3".
std::string waitingForRankLabel(int rank);

// A part of the straggler's story: "12 of 36 AllGather in process group 2 (ranks 4-7)".
struct CollectivePart {
  std::string collective;
  std::size_t count = 0;
  std::size_t total = 0;
};

struct StragglerFacts {
  int rank = 0;
  std::size_t late_steps = 0;  // steps it made longer
  std::size_t step_count = 0;  // 0 without steps in common
  trace::TimeNs delay_ns = 0;  // what it cost the job in all
  std::string_view cause_key;
  trace::TimeNs cause_excess_ns = 0;  // per step it was late in (in all without steps; once for before_window)
  std::string_view host_range;  // a host cause's range, when one is named
  trace::TimeNs host_range_excess_ns = 0;
  std::vector<CollectivePart> arrived_last;    // where it arrived last, and was waited for
  std::vector<CollectivePart> waited_through;  // other groups' collectives that waited for it through those
  trace::TimeNs delay_per_step_ns = 0;  // 0 without steps
  trace::TimeNs job_step_ns = 0;        // 0 without steps
  trace::TimeNs without_straggler_ns = 0;
  std::optional<int> bound_rank;  // what bounds the step without it
  trace::TimeNs bound_delay_ns = 0;
  std::size_t ranks_present = 0;
  std::size_t world_size = 0;
};

// "rank 3 was late in 12 of 12 steps: its data loading took 8.00 ms longer per step than the other
// ranks' median. It arrived last at 12 of 12 AllReduce; that cost every rank 8.00 ms per step (39.02 %
// of the step): the job would step in 12.5 ms instead of 20.5 ms, its pace then set by every rank's own
// work." A host cause names its range ("`## forward ##` took 5.20 ms longer per step than on the other
// ranks"); a chain says which other groups waited ("..., and 12 of 36 AllReduce in process group 0
// waited for it through them"). With ranks missing it begins "Among the 7 ranks present (of 8): ".
std::string stragglerSentence(const StragglerFacts& f);

// "No single straggler: lateness moves between ranks (8 ranks late at least once; median delay
// 5.00 ms a late step). Look for what the ranks share: ..."
std::string rotatingLatenessSentence(std::size_t ranksLate, trace::TimeNs medianDelayNs, bool perStep,
                                     std::size_t ranksPresent, std::size_t worldSize);

// "No straggler: the ranks arrived at the 12 collectives within 2.00 µs of each other in all."
std::string balancedJobSentence(std::size_t collectiveCount, trace::TimeNs largestDelayNs, std::size_t ranksPresent,
                                std::size_t worldSize);

// "3, 4 and 6": words joined as a sentence lists them.
std::string listText(const std::vector<std::string>& words);

// "0-3", "0, 4", "0-3, 8-11": ascending ranks, runs of three or more as a range.
std::string rankRangesText(const std::vector<int>& ranks);

// "2 of 128 ranks present: the figures are those of ranks 0, 1."
std::string ranksMissingSentence(std::size_t present, int worldSize, std::string_view rankList);

// "rank 3 alone copies its input from pageable memory (48 copies, 120 MiB)".
std::string rankPageableSentence(int rank, std::uint64_t copies, std::uint64_t bytes);

}  // namespace feedscope::present

namespace feedscope::present {

// "Job train · 8 of 8 ranks · 12 collectives matched", "... · 84 collectives matched in 3 process
// groups" (world size 0: unknown).
std::string jobTitle(std::string_view name, std::size_t ranks, int worldSize, std::size_t matched, std::size_t groups);

// "Job step 20.5 ms (median of 12); without the straggler 12.5 ms; every rank fed 10.0 ms" (the
// middle part only with a straggler).
std::string jobStepText(trace::TimeNs median, std::size_t count, trace::TimeNs without, trace::TimeNs fed,
                        bool straggler);

// "12.0 ms (3.00 ms exposed)": a time and its part with nothing else of the rank's beside it; the
// time alone when all of it was exposed.
std::string exposedOfText(trace::TimeNs total, trace::TimeNs exposed);
std::string_view noJobStepText();

// "rank 1 +1.20 ms": one rank's clock shift.
std::string clockShiftText(int rank, trace::TimeNs shift);
// "Clocks aligned at the collective ends onto rank 0's: rank 1 +1.20 ms, ...; largest residual 0 ns".
std::string clockAlignedText(int reference, std::string_view shifts, trace::TimeNs residual);
std::string_view clockRecordedText();

// "job B steps in 12.5 ms against 20.5 ms for job A (1.64x the speed); peer wait 2.00 % against 39.0 %"
// (steps 0: none in common).
std::string jobComparisonText(std::string_view a, std::string_view b, trace::TimeNs stepA, trace::TimeNs stepB,
                              double peerWaitPctA, double peerWaitPctB);

}  // namespace feedscope::present

namespace feedscope::present {

// A job finding's cost: "costs the job 96.0 ms (39.02 % of the step)"; "" for a finding without one.
std::string jobFindingCostText(trace::TimeNs cost, double stepPct);

}  // namespace feedscope::present
