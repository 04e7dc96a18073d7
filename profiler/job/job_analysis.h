// A job read as one: its ranks on one clock, who waited for whom at each collective, the straggler
// and its cause, the job's step, and findings about the job (docs/metrics.md, "Jobs and ranks").
// Built from the ranks' own analyses; each rank's run-level report stays as it is.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analysis/finding.h"
#include "analysis/run_analysis.h"
#include "job/job_grouping.h"
#include "job/rank_summary.h"
#include "job/straggler.h"

namespace feedscope::job {

inline constexpr std::size_t kNoRun = static_cast<std::size_t>(-1);

struct RankFigures {
  int rank = 0;
  std::size_t run = kNoRun;  // index into the runs the job was found among; kNoRun for a summary alone
  TimeNs time_origin = 0;    // the rank's time 0, for its evidence ranges
  std::string run_name;
  std::int32_t device = -1;
  std::string device_name;
  std::size_t collectives = 0;  // collective kernels on its GPU
  TimeNs comm_ns = 0;           // collective kernel time that was not waiting: the transfer
  TimeNs peer_wait_ns = 0;      // summed over the matched collectives
  std::size_t late_count = 0;   // collectives it arrived last at (later than the second-last)
  TimeNs delay_ns = 0;          // what those arrivals cost the job
  TimeNs window_ns = 0;         // its GPU window
  TimeNs compute_ns = 0;        // kernels outside collectives, |K \ collectives|
  TimeNs starvation_ns = 0;     // its starvation plus its peer wait
  analysis::GapBreakdown gaps;  // its own starvation by cause (without the peer wait)
  std::map<int, TimeNs> waiting_for;  // peer wait by the rank it waited for
  std::optional<TimeNs> step_median_ns;
  double starvationPct() const;
};

struct JobStep {
  std::size_t count = 0;           // steps every rank has
  TimeNs median_ns = 0;            // of the step every rank experiences
  TimeNs without_straggler_ns = 0; // the median step less the straggler's delay in it
  TimeNs prefetched_ns = 0;        // every rank fed: the slowest rank's own prediction
  TimeNs median_straggler_delay_ns = 0;  // the straggler's delay in the median step
};

struct JobAnalysis {
  std::string name;
  std::optional<int> world_size;
  std::vector<RankFigures> ranks;  // by rank
  ClockAlignment clock;            // shift_ns in the order of `ranks`
  std::size_t matched_collectives = 0;
  std::vector<std::string> notes;  // counts that differed, ranks missing, clocks not aligned
  std::vector<CollectiveArrivals> arrivals;
  std::optional<Straggler> straggler;
  TimeNs largest_delay_ns = 0;  // the most any rank delayed the job (the straggler's, when named)
  std::optional<JobStep> step;
  Span window;  // aligned: earliest trace start to latest trace end
  std::vector<analysis::Finding> findings;
  std::string headline;  // the straggler sentence, or why there is none
  std::size_t ranksMissing() const;
  // Peer wait over the ranks' GPU windows, in %.
  double peerWaitPct() const;
};

// The job of `ranks` (by rank; `runs[i]` is ranks[i]'s index among the runs it came from, or kNoRun).
JobAnalysis analyzeJob(const std::vector<RankSummary>& ranks, const std::vector<std::size_t>& runs,
                       std::optional<int> worldSize, std::string name);

// The same from the runs themselves: `runs[m.run]`, `analyses[m.run]` and `strings[m.run]` for every
// member of `group`.
JobAnalysis analyzeJob(const JobGroup& group, const std::vector<const trace::Run*>& runs,
                       const std::vector<const analysis::RunAnalysis*>& analyses,
                       const std::vector<const trace::StringTable*>& strings, std::string name);

// The name of a job: its ranks' run names less the rank ("trace_rank0", "trace_rank1" -> "trace");
// "job" when nothing is left.
std::string jobNameOf(const std::vector<std::string>& runNames);

}  // namespace feedscope::job
