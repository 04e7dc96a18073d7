// A job read as one: its ranks on one clock, who waited for whom at each collective of each process
// group, the straggler, its cause and whom it made wait, the job's step with and without it, and
// findings about the job (docs/metrics.md, "Jobs and ranks"). Built from the ranks' own analyses;
// each rank's run-level report stays as it is.
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
  std::size_t collectives = 0;     // collective kernels on its GPU
  TimeNs comm_ns = 0;              // collective kernel time that was not waiting: the transfer
  TimeNs comm_overlapped_ns = 0;   // collective kernel time with its compute beside it
  TimeNs comm_exposed_ns = 0;      // collective kernel time with nothing of its own beside it
  TimeNs peer_wait_ns = 0;         // summed over the matched collectives
  TimeNs peer_wait_exposed_ns = 0; // the part of its peer wait with no compute of its own beside it
  std::size_t late_count = 0;      // collectives it arrived last at, and was waited for
  std::size_t late_steps = 0;      // steps it made longer (job/lateness.h)
  TimeNs delay_ns = 0;             // its cost: how much sooner the job would end had it been on time
  TimeNs window_ns = 0;            // its GPU window
  TimeNs compute_ns = 0;           // its compute kernels' union, whatever ran beside them
  TimeNs starvation_ns = 0;        // its idle time plus its exposed wait for peers
  analysis::GapBreakdown gaps;     // its own starvation by cause (without the peer wait)
  std::map<int, TimeNs> waiting_for;  // exposed peer wait by the rank whose lateness it waited for
  std::optional<TimeNs> step_median_ns;
  double starvationPct() const;
};

struct JobStep {
  std::size_t count = 0;            // steps every rank has
  TimeNs median_ns = 0;             // of the step every rank experiences
  TimeNs without_straggler_ns = 0;  // the median step replayed with the straggler on time
  TimeNs prefetched_ns = 0;         // every rank fed: the slowest rank's own prediction
  TimeNs median_straggler_delay_ns = 0;  // median_ns − without_straggler_ns
  // What bounds the step without the straggler: the rank that would then cost it most (by how much a
  // step), or none when the ranks' own work sets the pace.
  std::optional<int> bound_rank;
  TimeNs bound_delay_ns = 0;
};

struct JobLateness {
  std::size_t ranks_late = 0;   // ranks late in at least one step
  TimeNs median_delay_ns = 0;   // over their late steps
  bool rotates = false;         // several ranks late, none persistently: no single straggler
};

struct JobAnalysis {
  std::string name;
  std::optional<int> world_size;
  std::vector<RankFigures> ranks;  // by rank
  ClockAlignment clock;            // shift_ns in the order of `ranks`
  std::size_t matched_collectives = 0;
  std::vector<ProcessGroup> groups;  // the process groups its collectives were matched in
  std::vector<std::string> notes;  // counts that differed, ranks missing, clocks not aligned
  std::vector<MatchedCollective> collectives;  // in time order (last arrival)
  std::vector<CollectiveArrivals> arrivals;    // arrivals[c] of collectives[c]
  std::optional<Straggler> straggler;
  JobLateness lateness;
  TimeNs largest_delay_ns = 0;  // the largest cost of any rank (the straggler's, when named)
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

}  // namespace feedscope::job
