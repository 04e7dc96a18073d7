#include "job/collective_matching.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <utility>

namespace feedscope::job {

namespace {

// Collectives of one process group and operation: what can be one collective of the job.
using Key = std::pair<std::string, std::string>;  // group, operation
using PerRank = std::vector<std::vector<std::size_t>>;  // per rank: indexes into its kernels, in time order

std::string keyName(const Key& key) {
  return key.first.empty() ? key.second : fmt::format("{} in process group {}", key.second, key.first);
}

bool allSequenced(const std::vector<RankCollectives>& ranks, const PerRank& perRank) {
  for (std::size_t r = 0; r < perRank.size(); ++r) {
    for (std::size_t k : perRank[r]) {
      if (!ranks[r].kernels[k].sequence) return false;
    }
  }
  return true;
}

// The k-th of each rank is one collective: counts that differ are said, and the shortest count matched.
void matchByOrder(const Key& key, const PerRank& perRank, const std::vector<int>& rankNumbers, CollectiveMatch& out) {
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
    out.notes.push_back(fmt::format("{}: {}; {} matched", keyName(key), counts, fewest));
  }
  for (std::size_t k = 0; k < fewest; ++k) {
    MatchedCollective m;
    m.operation = key.second;
    for (const auto& list : perRank) m.kernel.push_back(list[k]);
    out.matched.push_back(std::move(m));
  }
}

// The same sequence number on every rank is one collective, wherever the ranks' traces begin: a rank
// whose capture started a collective later is not matched one off.
void matchBySequence(const Key& key, const std::vector<RankCollectives>& ranks, const PerRank& perRank,
                     CollectiveMatch& out) {
  std::vector<std::map<std::int64_t, std::size_t>> bySequence(perRank.size());
  std::set<std::int64_t> any;
  for (std::size_t r = 0; r < perRank.size(); ++r) {
    for (std::size_t k : perRank[r]) {
      const std::int64_t seq = *ranks[r].kernels[k].sequence;
      bySequence[r].try_emplace(seq, k);
      any.insert(seq);
    }
  }
  std::size_t unmatched = 0;
  for (std::int64_t seq : any) {
    MatchedCollective m;
    m.operation = key.second;
    for (const auto& ofRank : bySequence) {
      auto it = ofRank.find(seq);
      if (it == ofRank.end()) break;
      m.kernel.push_back(it->second);
    }
    if (m.kernel.size() == perRank.size()) {
      out.matched.push_back(std::move(m));
    } else {
      ++unmatched;
    }
  }
  if (unmatched > 0) {
    out.notes.push_back(fmt::format("{}: {} sequence numbers not on every rank; {} matched", keyName(key), unmatched,
                                    any.size() - unmatched));
  }
}

}  // namespace

CollectiveMatch matchCollectives(const std::vector<RankCollectives>& ranks, const std::vector<int>& rankNumbers) {
  CollectiveMatch out;
  if (ranks.empty()) return out;
  std::map<Key, PerRank> byKey;
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    for (std::size_t k = 0; k < ranks[r].kernels.size(); ++k) {
      const Collective& c = ranks[r].kernels[k];
      auto& perRank = byKey[{c.group, c.operation}];
      perRank.resize(ranks.size());
      perRank[r].push_back(k);
    }
  }
  for (auto& [key, perRank] : byKey) {
    perRank.resize(ranks.size());
    if (allSequenced(ranks, perRank)) {
      matchBySequence(key, ranks, perRank, out);
    } else {
      matchByOrder(key, perRank, rankNumbers, out);
    }
  }
  std::sort(out.matched.begin(), out.matched.end(), [&](const MatchedCollective& a, const MatchedCollective& b) {
    return ranks[0].kernels[a.kernel[0]].start_ns < ranks[0].kernels[b.kernel[0]].start_ns;
  });
  return out;
}

}  // namespace feedscope::job
