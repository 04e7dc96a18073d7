#include "job/replay.h"

#include <algorithm>

#include "trace/statistics.h"

namespace feedscope::job {

std::vector<std::vector<TimeNs>> onTimeExcess(const JobChain& chain, const std::vector<bool>& onTime) {
  std::vector<std::vector<TimeNs>> removed(chain.ranks.size());
  for (std::size_t r = 0; r < chain.ranks.size(); ++r) {
    removed[r].assign(chain.ranks[r].links.size(), 0);
    if (!onTime[r]) continue;
    for (std::size_t l = 0; l < chain.ranks[r].links.size(); ++l) {
      const ChainLink& link = chain.ranks[r].links[l];
      std::vector<TimeNs> others;
      for (const auto& [rank, other] : chain.members[link.collective]) {
        if (rank != r) others.push_back(chain.ranks[rank].links[other].own_ns);
      }
      removed[r][l] = std::max<TimeNs>(link.own_ns - trace::medianNs(std::move(others)), 0);
    }
  }
  return removed;
}

Replay replay(const JobChain& chain, const std::vector<std::vector<TimeNs>>& removed) {
  Replay out;
  const std::size_t n = chain.members.size();
  out.shift_ns.assign(n, 0);
  out.arrival_ns.resize(n);
  // Collectives in time order: every link's anchor and stream predecessor ended before it began.
  for (std::size_t c = 0; c < n; ++c) {
    TimeNs last = INT64_MIN, lastReplayed = INT64_MIN;
    for (const auto& [rank, l] : chain.members[c]) {
      const RankChain& rc = chain.ranks[rank];
      const ChainLink& link = rc.links[l];
      const TimeNs anchorShift = link.anchor ? out.shift_ns[rc.links[*link.anchor].collective] : 0;
      const TimeNs ready = link.ready_ns - anchorShift - removed[rank][l];
      const TimeNs free = link.queue_end_ns - (link.queue ? out.shift_ns[rc.links[*link.queue].collective] : 0);
      const TimeNs arrival = std::max(ready, free) + link.latency_ns;
      out.arrival_ns[c].push_back(arrival);
      last = std::max(last, link.arrival_ns);
      lastReplayed = std::max(lastReplayed, arrival);
    }
    out.shift_ns[c] = std::max<TimeNs>(last - lastReplayed, 0);
  }
  return out;
}

TimeNs shiftAt(const JobChain& chain, const Replay& replayed, std::size_t rank, TimeNs t) {
  const RankChain& rc = chain.ranks[rank];
  auto after = std::upper_bound(rc.gating.begin(), rc.gating.end(), t,
                                [&](TimeNs x, std::size_t g) { return x < rc.links[g].end_ns; });
  if (after == rc.gating.begin()) return 0;
  return replayed.shift_ns[rc.links[*std::prev(after)].collective];
}

TimeNs endSaving(const JobChain& chain, const Replay& replayed) {
  TimeNs end = INT64_MIN, replayedEnd = INT64_MIN;
  for (std::size_t c = 0; c < chain.members.size(); ++c) {
    for (const auto& [rank, l] : chain.members[c]) {
      const TimeNs e = chain.ranks[rank].links[l].end_ns;
      end = std::max(end, e);
      replayedEnd = std::max(replayedEnd, e - replayed.shift_ns[c]);
    }
  }
  return end == INT64_MIN ? 0 : end - replayedEnd;
}

}  // namespace feedscope::job
