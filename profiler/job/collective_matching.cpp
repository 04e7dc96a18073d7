#include "job/collective_matching.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace feedscope::job {

CollectiveMatch matchCollectives(const std::vector<RankCollectives>& ranks, const std::vector<int>& rankNumbers) {
  CollectiveMatch out;
  if (ranks.empty()) return out;
  // Per operation, per rank: the indexes of its kernels of that operation, in time order.
  std::map<std::string, std::vector<std::vector<std::size_t>>> byOperation;
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    for (std::size_t k = 0; k < ranks[r].kernels.size(); ++k) {
      auto& perRank = byOperation[ranks[r].kernels[k].operation];
      perRank.resize(ranks.size());
      perRank[r].push_back(k);
    }
  }
  for (auto& [operation, perRank] : byOperation) {
    perRank.resize(ranks.size());
    std::size_t fewest = perRank.front().size(), most = fewest;
    for (const auto& list : perRank) {
      fewest = std::min(fewest, list.size());
      most = std::max(most, list.size());
    }
    if (fewest != most) {
      std::string counts;
      for (std::size_t r = 0; r < perRank.size(); ++r) {
        counts += fmt::format("{}rank {} has {}", counts.empty() ? "" : ", ", rankNumbers[r], perRank[r].size());
      }
      out.notes.push_back(fmt::format("{}: {}; {} matched", operation, counts, fewest));
    }
    for (std::size_t k = 0; k < fewest; ++k) {
      MatchedCollective m;
      m.operation = operation;
      for (const auto& list : perRank) m.kernel.push_back(list[k]);
      out.matched.push_back(std::move(m));
    }
  }
  std::sort(out.matched.begin(), out.matched.end(), [&](const MatchedCollective& a, const MatchedCollective& b) {
    return ranks[0].kernels[a.kernel[0]].start_ns < ranks[0].kernels[b.kernel[0]].start_ns;
  });
  return out;
}

}  // namespace feedscope::job
