// Which rank of which job a run is: what the trace or the recording says about it (docs/metrics.md,
// "Jobs and ranks").
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "trace/run.h"

namespace feedscope::job {

struct RankIdentity {
  int rank = 0;
  std::optional<int> world_size;
  std::string source;  // "distributedInfo", "environment", "file name"
};

// The rank a run name spells: "rank-3", "rank3", "rank_3", "worker3", "worker-3" (any case), the
// word not glued to a letter before it ("frank3" is not a rank).
std::optional<int> rankFromName(std::string_view name);

// The run's rank, from the first source that has it: Kineto's distributedInfo (labels "rank",
// "world_size"), the launcher's environment recorded with the run (trace/rank_environment.h), the
// run's name. nullopt for a run that says nothing about ranks.
std::optional<RankIdentity> rankIdentityOf(const trace::Run& run);

}  // namespace feedscope::job
