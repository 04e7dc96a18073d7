// The words of a job's report, for every report and the GUI: the straggler sentence, its cause's name
// and fix, the rank-wait cause of a rank's starvation (docs/metrics.md, "Jobs and ranks"). They take
// plain values: present/ lies below the job analysis (docs/architecture.md, layers).
#pragma once
#include <string>
#include <string_view>

#include "trace/types.h"

namespace feedscope::present {

// "data loading", "input copies", "other host work", "kernels", "time before the captured window",
// for the keys of job/rank_activity.h ("data_loading", ...).
std::string_view stragglerCauseLabel(std::string_view causeKey);

// What to change for a straggler of that cause.
std::string_view stragglerFix(std::string_view causeKey);

// A rank's starvation cause in a job: "waiting for rank 3".
std::string waitingForRankLabel(int rank);

struct StragglerFacts {
  int rank = 0;
  std::size_t late_count = 0;
  std::size_t collective_count = 0;
  trace::TimeNs delay_ns = 0;
  std::string_view cause_key;
  trace::TimeNs cause_excess_ns = 0;       // per late collective
  std::string_view host_range;  // a host cause's range, when one is named
  trace::TimeNs host_range_excess_ns = 0;
  trace::TimeNs delay_per_step_ns = 0;  // 0 without steps
  trace::TimeNs job_step_ns = 0;        // 0 without steps
  trace::TimeNs without_straggler_ns = 0;
};

// "rank 3 arrived last at 12 of 12 collectives, late by 8.10 ms each on average: its data loading took
// 8.10 ms longer than the other ranks' median; that cost every rank 8.10 ms per step (38.0 % of the
// step): the job would step in 13.0 ms instead of 21.1 ms." A host cause names its range:
// "...: `## forward ##` took 5.20 ms longer than on the other ranks; ...".
std::string stragglerSentence(const StragglerFacts& f);

// "No straggler: the ranks arrived at the 12 collectives within 2.00 µs of each other in all."
std::string balancedJobSentence(std::size_t collectiveCount, trace::TimeNs largestDelayNs);

// "2 of 128 ranks present: the figures are those of ranks 0, 1."
std::string ranksMissingSentence(std::size_t present, int worldSize, std::string_view rankList);

// "rank 3 alone copies its input from pageable memory (48 copies, 120 MiB)".
std::string rankPageableSentence(int rank, std::uint64_t copies, std::uint64_t bytes);

}  // namespace feedscope::present

namespace feedscope::present {

// "Job trace · 8 of 8 ranks · 12 collectives matched" (world size 0: unknown).
std::string jobTitle(std::string_view name, std::size_t ranks, int worldSize, std::size_t matched);

// "Job step 20.5 ms (median of 12); without the straggler's delay 12.5 ms; every rank fed 10.0 ms".
std::string jobStepText(trace::TimeNs median, std::size_t count, trace::TimeNs without, trace::TimeNs fed);
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
