#include "job/collective_matching.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "present/job_phrases.h"

namespace feedscope::job {

namespace {

// Collectives of one process group (its name and ranks, empty when not known) and operation: what can
// be one collective of the job.
struct Key {
  std::string group;
  std::vector<int> ranks;
  std::string operation;
  friend auto operator<=>(const Key&, const Key&) = default;
};
using PerRank = std::vector<std::vector<std::size_t>>;  // per rank: indexes into its kernels, in time order

// The ranks of group `name` as rank `rank` knows them; else, when the ranks that know the group agree
// on one list holding `rank`, that list (a rank with an older trace beside ranks with newer ones);
// else empty: the group's members are then the ranks that carry it.
std::vector<int> groupRanks(const std::string& name, int rank, const trace::ProcessGroupRanks& own,
                            const std::map<std::string, std::set<std::vector<int>>>& known) {
  if (name.empty()) return {};
  if (auto it = own.find(name); it != own.end()) return it->second;
  auto lists = known.find(name);
  if (lists == known.end()) return {};
  const std::vector<int>* holding = nullptr;
  for (const auto& list : lists->second) {
    if (!std::binary_search(list.begin(), list.end(), rank)) continue;
    if (holding != nullptr) return {};
    holding = &list;
  }
  return holding != nullptr ? *holding : std::vector<int>{};
}

bool allSequenced(const std::vector<RankCollectives>& ranks, const PerRank& perRank) {
  for (std::size_t r = 0; r < perRank.size(); ++r) {
    for (std::size_t k : perRank[r]) {
      if (!ranks[r].kernels[k].sequence) return false;
    }
  }
  return true;
}

// The k-th of each member is one collective: counts that differ are said, and the shortest matched.
void matchByOrder(const std::string& name, const std::vector<std::size_t>& members, const PerRank& perRank,
                  const std::vector<int>& rankNumbers, MatchedCollective prototype, CollectiveMatch& out) {
  std::size_t fewest = perRank[members.front()].size(), most = fewest;
  for (std::size_t r : members) {
    fewest = std::min(fewest, perRank[r].size());
    most = std::max(most, perRank[r].size());
  }
  if (fewest != most) {
    std::string counts;
    for (std::size_t r : members) {
      counts += fmt::format("{}rank {} has {}", counts.empty() ? "" : ", ", rankNumbers[r], perRank[r].size());
    }
    out.notes.push_back(fmt::format("{}: {}; {} matched", name, counts, fewest));
  }
  for (std::size_t k = 0; k < fewest; ++k) {
    MatchedCollective m = prototype;
    for (std::size_t r : members) m.kernel.push_back(perRank[r][k]);
    out.matched.push_back(std::move(m));
  }
}

// The same sequence number on every member is one collective, wherever the ranks' traces begin: a
// rank whose capture started a collective later is not matched one off.
void matchBySequence(const std::string& name, const std::vector<RankCollectives>& ranks,
                     const std::vector<std::size_t>& members, const PerRank& perRank, MatchedCollective prototype,
                     CollectiveMatch& out) {
  std::vector<std::map<std::int64_t, std::size_t>> bySequence(members.size());
  std::set<std::int64_t> any;
  for (std::size_t i = 0; i < members.size(); ++i) {
    for (std::size_t k : perRank[members[i]]) {
      const std::int64_t seq = *ranks[members[i]].kernels[k].sequence;
      bySequence[i].try_emplace(seq, k);
      any.insert(seq);
    }
  }
  std::size_t unmatched = 0;
  for (std::int64_t seq : any) {
    MatchedCollective m = prototype;
    for (const auto& ofRank : bySequence) {
      auto it = ofRank.find(seq);
      if (it == ofRank.end()) break;
      m.kernel.push_back(it->second);
    }
    if (m.kernel.size() == members.size()) {
      out.matched.push_back(std::move(m));
    } else {
      ++unmatched;
    }
  }
  if (unmatched > 0) {
    out.notes.push_back(fmt::format("{}: {} sequence numbers not on every member; {} matched", name, unmatched,
                                    any.size() - unmatched));
  }
}

}  // namespace

std::string collectiveGroupName(const std::string& operation, const ProcessGroup& group, std::size_t jobRanks) {
  if (group.name.empty()) return operation;
  std::string text = fmt::format("{} in process group {}", operation, group.name);
  if (group.ranks.size() != jobRanks || group.ranks_known) {
    text += fmt::format(" (rank{} {})", group.ranks.size() == 1 ? "" : "s", present::rankRangesText(group.ranks));
  }
  return text;
}

CollectiveMatch matchCollectives(const std::vector<RankCollectives>& ranks, const std::vector<int>& rankNumbers) {
  CollectiveMatch out;
  if (ranks.empty()) return out;
  std::map<std::string, std::set<std::vector<int>>> known;
  for (const auto& r : ranks) {
    for (const auto& [name, list] : r.groups) known[name].insert(list);
  }
  std::map<Key, PerRank> byKey;
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    std::map<std::string, std::vector<int>> listOf;  // per group name, resolved once a rank
    for (std::size_t k = 0; k < ranks[r].kernels.size(); ++k) {
      const Collective& c = ranks[r].kernels[k];
      auto it = listOf.find(c.group);
      if (it == listOf.end()) it = listOf.emplace(c.group, groupRanks(c.group, rankNumbers[r], ranks[r].groups, known)).first;
      auto& perRank = byKey[{c.group, it->second, c.operation}];
      perRank.resize(ranks.size());
      perRank[r].push_back(k);
    }
  }
  std::map<std::pair<std::string, std::vector<int>>, std::size_t> groupIndex;
  for (auto& [key, perRank] : byKey) {
    std::vector<std::size_t> members;
    for (std::size_t r = 0; r < perRank.size(); ++r) {
      if (!perRank[r].empty()) members.push_back(r);
    }
    auto [g, added] = groupIndex.try_emplace({key.group, key.ranks}, out.groups.size());
    if (added) {
      ProcessGroup group{key.group, key.ranks, !key.ranks.empty(), 0};
      if (!group.ranks_known) {
        for (std::size_t r : members) group.ranks.push_back(rankNumbers[r]);
      }
      out.groups.push_back(std::move(group));
    }
    const std::string name = collectiveGroupName(key.operation, out.groups[g->second], ranks.size());
    if (members.size() < 2) {
      out.notes.push_back(fmt::format("{}: only rank {} present; not matched", name, rankNumbers[members.front()]));
      continue;
    }
    MatchedCollective prototype;
    prototype.operation = key.operation;
    prototype.group = g->second;
    prototype.members = members;
    const std::size_t before = out.matched.size();
    if (allSequenced(ranks, perRank)) {
      matchBySequence(name, ranks, members, perRank, prototype, out);
    } else {
      matchByOrder(name, members, perRank, rankNumbers, prototype, out);
    }
    out.groups[g->second].matched += out.matched.size() - before;
  }
  return out;
}

}  // namespace feedscope::job
