// Which runs of one input are ranks of one job, and which capture each belongs to: read together as
// a job, never as an A/B comparison (docs/metrics.md, "Jobs and ranks"). A folder may hold two
// captures of the same ranks (Monday's and Tuesday's); they are told apart by their world size,
// their capture's time and their step numbers, else by their file names, else said.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "analysis/span_set.h"
#include "job/rank_identity.h"
#include "trace/run.h"
#include "trace/string_table.h"

namespace feedscope::job {

struct JobMember {
  std::size_t run = 0;  // index into the runs given
  RankIdentity identity;
};

struct JobGroup {
  std::vector<JobMember> members;  // by rank
  std::optional<int> world_size;   // when a member says it
  // What sets this capture apart from the input's other jobs of the same ranks ("mon", "steps
  // 500-509", "capture 2"); "" when the input holds one such job.
  std::string capture;
  std::vector<std::string> notes;  // why its captures could not be told apart, when they could not
};

// What tells a run's capture apart.
struct CaptureFacts {
  std::optional<RankIdentity> identity;  // nullopt: not a rank
  std::string name;                      // the run's name (its file's, in a folder)
  std::optional<analysis::Span> span;    // its recorded extent, on its own clock
  std::optional<std::pair<std::int64_t, std::int64_t>> steps;  // its first and last step number
};

// Runs that are ranks and agree on the world size (or do not say it) form jobs of two ranks or more:
// runs whose recorded extents overlap (within thresholds::kCaptureClockSlackNs) and whose step
// numbers overlap (when both have steps) are one capture; a rank twice in one capture splits it by
// the runs' names less the rank ("rank0_mon", "rank0_tue"), else in input order, and says so. Runs
// without a rank, and a rank alone, stay runs of their own (today's report).
std::vector<JobGroup> groupCaptures(const std::vector<CaptureFacts>& runs);

// The facts of `run` (a run known only by its file name, "worker0", is a rank only when it ran
// collectives: tensorboard_trace_handler names single-GPU runs that way too).
CaptureFacts captureFactsOf(const trace::Run& run, const trace::StringTable& strings);

// groupCaptures over `runs`; `strings[i]` holds the names of `runs[i]`.
std::vector<JobGroup> findJobs(const std::vector<const trace::Run*>& runs,
                               const std::vector<const trace::StringTable*>& strings);

// The name of each job of one input (`jobs[i]`, whose members index `runNames`): the folder its ranks'
// traces lie in (`folder`, "" when not known), else what its ranks' run names share, else `fallback`;
// with several jobs of one name, each followed by what sets its capture apart ("week (mon)").
std::vector<std::string> jobNames(const std::vector<JobGroup>& jobs, const std::vector<std::string>& runNames,
                                  const std::string& folder, const std::string& fallback);

// What the ranks' run names share, less the rank ("trace_rank0", "trace_rank1" -> "trace";
// "rank0_mon", "rank1_mon" -> "mon"; "train rank 0" -> "train"); "" when nothing is left.
std::string sharedRunName(const std::vector<std::string>& runNames);

}  // namespace feedscope::job
