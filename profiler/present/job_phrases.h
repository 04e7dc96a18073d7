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
