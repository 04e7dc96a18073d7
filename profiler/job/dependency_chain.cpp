#include "job/dependency_chain.h"

#include <algorithm>
#include <map>


namespace feedscope::job {

JobChain buildChain(const std::vector<RankCollectives>& ranks, const CollectiveMatch& match,
                    const std::vector<CollectiveArrivals>& arrivals, const ClockAlignment& clock, TimeNs origin) {
  JobChain chain;
  chain.origin_ns = origin;
  chain.ranks.resize(ranks.size());
  chain.members.resize(match.matched.size());
  // Per rank: its kernel index → link.
  std::vector<std::map<std::size_t, std::size_t>> linkOf(ranks.size());
  for (std::size_t c = 0; c < match.matched.size(); ++c) {
    const MatchedCollective& m = match.matched[c];
    for (std::size_t i = 0; i < m.members.size(); ++i) {
      const std::size_t r = m.members[i];
      ChainLink link;
      link.collective = c;
      link.member = i;
      link.arrival_ns = arrivals[c].arrival_ns[i];
      link.end_ns = arrivals[c].end_ns[i];
      linkOf[r][m.kernel[i]] = chain.ranks[r].links.size();
      chain.members[c].emplace_back(r, chain.ranks[r].links.size());
      chain.ranks[r].links.push_back(link);
    }
  }
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    RankChain& rc = chain.ranks[r];
    const auto& kernels = ranks[r].kernels;
    const TimeNs shift = clock.shift_ns[r];
    for (const auto& [kernel, l] : linkOf[r]) {
      const Collective& c = kernels[kernel];
      if (!c.gates_rank) continue;
      rc.gating.push_back(l);
      if (!c.resumed) continue;
      Resumption resumed{l, c.resumed->at_ns + shift, Collective::kUnknownNs, rc.links[l].end_ns};
      if (c.resumed->free_ns != Collective::kUnknownNs) resumed.free_ns = c.resumed->free_ns + shift;
      rc.resumptions.push_back(resumed);
    }
    // A rank whose trace shows it resuming after none of its collectives (its synchronisations filtered
    // out, a host that polls): it is taken to have needed each collective's output once its own work
    // beside it was done, resuming at the later of the two.
    if (rc.resumptions.empty()) {
      for (const auto& [kernel, l] : linkOf[r]) {
        const Collective& c = kernels[kernel];
        const TimeNs free = c.compute_beside.empty() ? Collective::kUnknownNs : c.compute_beside.back().end + shift;
        rc.resumptions.push_back({l, rc.links[l].end_ns, free, rc.links[l].end_ns});
      }
    }
    std::sort(rc.resumptions.begin(), rc.resumptions.end(),
              [](const Resumption& a, const Resumption& b) { return a.at_ns < b.at_ns; });
    std::sort(rc.gating.begin(), rc.gating.end(),
              [&](std::size_t a, std::size_t b) { return rc.links[a].end_ns < rc.links[b].end_ns; });
    std::map<std::int64_t, std::size_t> previousOnStream;  // stream → its last kernel so far
    for (std::size_t k = 0; k < kernels.size(); ++k) {
      const Collective& c = kernels[k];
      auto before = previousOnStream.find(c.stream);
      std::optional<std::size_t> queued;
      if (before != previousOnStream.end()) queued = before->second;
      previousOnStream[c.stream] = k;
      auto self = linkOf[r].find(k);
      if (self == linkOf[r].end()) continue;
      ChainLink& link = rc.links[self->second];
      link.ready_ns = std::min(c.ready_ns + shift, link.arrival_ns);
      // Its own work began at the end of its input, else of the last collective that gated the rank.
      if (c.input) {
        if (auto in = linkOf[r].find(*c.input); in != linkOf[r].end()) {
          link.anchor = in->second;
          link.from_input = true;
        }
      }
      if (!link.anchor) {
        auto after = std::upper_bound(rc.gating.begin(), rc.gating.end(), link.ready_ns,
                                      [&](TimeNs t, std::size_t g) { return t < rc.links[g].end_ns; });
        while (after != rc.gating.begin()) {
          --after;
          if (*after != self->second) {
            link.anchor = *after;
            break;
          }
        }
      }
      link.own_ns = link.ready_ns - chain.anchorEnd(r, link);
      link.queue_end_ns = origin;
      if (queued) {
        link.queue_end_ns = std::min(kernels[*queued].end_ns + shift, link.arrival_ns);
        if (auto q = linkOf[r].find(*queued); q != linkOf[r].end()) link.queue = q->second;
      }
      link.latency_ns = std::max<TimeNs>(link.arrival_ns - std::max(link.ready_ns, link.queue_end_ns), 0);
    }
  }
  return chain;
}

}  // namespace feedscope::job
