// Which collective of one rank is which of another (docs/metrics.md, "Collectives"): collectives are
// matched within their own process group and operation, among the group's members (from pg_config or
// the `Process Group Ranks` argument; else the ranks that carry the group's collectives), by PyTorch's
// sequence number when every one of them has it, else the k-th on every member is one collective.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "job/collectives.h"

namespace feedscope::job {

// A process group of the job, as its collectives were matched.
struct ProcessGroup {
  std::string name;          // "" when the trace does not say
  std::vector<int> ranks;    // its ranks: as the trace says, else those that carry its collectives
  bool ranks_known = false;  // from pg_config or the collectives' arguments
  std::size_t matched = 0;   // its matched collectives
};

struct MatchedCollective {
  std::string operation;
  std::size_t group = 0;             // index into CollectiveMatch::groups
  std::vector<std::size_t> members;  // the ranks present that took part (indexes into the ranks given), ascending
  std::vector<std::size_t> kernel;   // per member: index into its rank's collectives
};

struct CollectiveMatch {
  std::vector<MatchedCollective> matched;  // by group, then by sequence number or order
  std::vector<ProcessGroup> groups;
  // "AllReduce: rank 1 has 12, rank 0 has 10; 10 matched": what could not be matched, said once per
  // group and operation.
  std::vector<std::string> notes;
};

// `ranks[i]` is the collectives of the rank numbered `rankNumbers[i]`.
CollectiveMatch matchCollectives(const std::vector<RankCollectives>& ranks, const std::vector<int>& rankNumbers);

// "AllGather in process group 1 (ranks 0-3)", "AllReduce" for a collective of no named group.
std::string collectiveGroupName(const std::string& operation, const ProcessGroup& group, std::size_t jobRanks);

}  // namespace feedscope::job
