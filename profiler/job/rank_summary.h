// What the job analysis needs of one rank, small enough to keep for every rank of a large job and to
// store in a .fssum file (docs/file-formats.md, "Rank summary"): its collectives with their groups and
// what it did around each, what it did in each step, and its own report figures. Made from the
// rank's run and analysis, where the trace lives; the run itself can then be dropped.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/run_analysis.h"
#include "job/collectives.h"
#include "job/rank_activity.h"
#include "job/rank_identity.h"

namespace feedscope::job {

struct RankStep {
  std::int64_t number = 0;
  Span span;              // own clock
  ActivityTimes activity;  // what the rank did in it (the straggler's cause is told per step)
  friend bool operator==(const RankStep& a, const RankStep& b) {
    return a.number == b.number && a.span == b.span && a.activity.ns == b.activity.ns &&
           a.activity.host_by_range == b.activity.host_by_range;
  }
};

// One of the rank's own findings, as its report lists it.
struct RankFindingLine {
  std::string id;
  std::string severity;
  std::string title;
  TimeNs cost_ns = 0;
  friend bool operator==(const RankFindingLine&, const RankFindingLine&) = default;
};

struct RankSummary {
  std::string run_name;
  RankIdentity identity;
  // The name of the folder its trace lay in ("" when unknown): a job is named after its folder.
  std::string folder;
  std::int32_t device = -1;
  std::string device_name;
  TimeNs time_origin = 0;
  Span extent;  // own clock: the rank's first to last recorded moment
  trace::ProcessGroupRanks process_groups;  // what the rank knows of its groups' ranks
  std::vector<Collective> collectives;      // by start
  ActivityTimes activity;  // over its extent: the cause of a job without steps in common
  // Over its GPU window, as its own report gives them.
  TimeNs window_ns = 0;
  TimeNs starvation_ns = 0;
  TimeNs compute_ns = 0;          // its compute kernels' union, whatever ran beside them
  TimeNs comm_ns = 0;             // its collective kernels' union
  TimeNs comm_overlapped_ns = 0;  // the part of that with compute beside it
  analysis::GapBreakdown gaps;
  std::optional<TimeNs> step_median_ns;
  std::vector<RankStep> steps;
  TimeNs prefetch_step_ns = 0;
  std::uint64_t pageable_h2d_count = 0;
  std::uint64_t pageable_h2d_bytes = 0;
  TimeNs pageable_h2d_ns = 0;
  std::string verdict;  // analysis::verdictKey
  double input_bound_pct = 0;
  std::vector<RankFindingLine> findings;  // its root findings, most severe first
};

// The summary of `run` (a rank), from its analysis: the device with its collectives.
RankSummary summarizeRank(const trace::Run& run, const trace::StringTable& strings,
                          const analysis::RunAnalysis& analysis, const RankIdentity& identity);

}  // namespace feedscope::job
