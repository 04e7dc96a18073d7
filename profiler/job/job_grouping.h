// Which runs of one input are ranks of one job: read together as a job, never as an A/B comparison
// (docs/metrics.md, "Jobs and ranks").
#pragma once
#include <cstddef>
#include <optional>
#include <vector>

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
};

// Runs that name a rank and agree on the world size (or do not say it) form a job when there are
// two or more; a rank seen twice starts another job (two jobs traced into one folder). A run known
// only by its file name ("worker0") is a rank only when it ran collectives: tensorboard_trace_handler
// names single-GPU runs that way too. Runs without a rank, and a rank alone, stay runs of their own
// (today's report). `strings[i]` holds the names of `runs[i]`.
std::vector<JobGroup> findJobs(const std::vector<const trace::Run*>& runs,
                               const std::vector<const trace::StringTable*>& strings);

}  // namespace feedscope::job
