// Which collective of one rank is which of another (docs/metrics.md, "Collectives"): collectives of
// one process group and operation are matched by PyTorch's sequence number when every one of them has
// it (the "Seq" argument), else the k-th on every rank is one collective of the job.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "job/collectives.h"

namespace feedscope::job {

struct MatchedCollective {
  std::string operation;
  std::vector<std::size_t> kernel;  // per rank (the order ranks were given): index into its kernels
};

struct CollectiveMatch {
  std::vector<MatchedCollective> matched;  // in the first rank's time order
  // "AllReduce: rank 1 has 12, rank 0 has 10; 10 matched": counts that differ, said once per group
  // and operation.
  std::vector<std::string> notes;
};

// `ranks[i]` is the collectives of the rank numbered `rankNumbers[i]`.
CollectiveMatch matchCollectives(const std::vector<RankCollectives>& ranks, const std::vector<int>& rankNumbers);

}  // namespace feedscope::job
