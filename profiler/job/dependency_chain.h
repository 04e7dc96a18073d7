// The job's dependency chain (docs/metrics.md, "The step's dependency chain and the step without a
// rank"): on every rank, each of its matched collectives with when its inputs were ready, the rank's
// own work since the collective it last waited for, and its stream; and when the rank resumed after
// the collectives it waited for (when its trace shows none, after each once its own work beside it was
// done). From it the job is replayed with
// a rank on time (job/replay.h): what a rank cost the job, and whose lateness each wait was for (rank
// 5's slow loader → its tensor-parallel group waits → the data-parallel all-reduce waits for that
// group).
#pragma once
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "job/peer_wait.h"

namespace feedscope::job {

struct ChainLink {
  std::size_t collective = 0;  // index into the job's collectives (their time order)
  std::size_t member = 0;      // the rank's place among its members
  TimeNs ready_ns = 0;         // aligned: its inputs were ready
  TimeNs arrival_ns = 0;
  TimeNs end_ns = 0;
  // The link on this rank whose end the rank's own work since began from: the collective whose
  // output was its input, else the last one that gated the rank (job/collectives.h) before it was
  // ready; none before the first.
  std::optional<std::size_t> anchor;
  bool from_input = false;  // the anchor is its input: it was ready when that collective ended
  TimeNs own_ns = 0;  // ready − the anchor's end (the job's window start without one): the rank's own work
  std::optional<std::size_t> queue;  // the link of the previous collective on its stream, when matched
  TimeNs queue_end_ns = 0;           // when its stream was free (the previous collective's end; the window start if none)
  TimeNs latency_ns = 0;             // arrival − max(ready, stream free): launch latency, kept in a replay
};

// The rank's work resumed at `at_ns` after waiting for link `link`, which ended at `end_ns`; its own
// streams and launches would have let it at `free_ns` (Collective::kUnknownNs when the trace does not
// say). Aligned.
struct Resumption {
  std::size_t link = 0;
  TimeNs at_ns = 0;
  TimeNs free_ns = 0;
  TimeNs end_ns = 0;
};

struct RankChain {
  std::vector<ChainLink> links;          // in the job's collective order
  std::vector<std::size_t> gating;       // links that gated the rank, by end
  std::vector<Resumption> resumptions;   // of the links that gated it, by `at_ns`
};

struct JobChain {
  TimeNs origin_ns = 0;  // the job's window start
  std::vector<RankChain> ranks;
  // Per collective: (rank, link) of each member, in member order.
  std::vector<std::vector<std::pair<std::size_t, std::size_t>>> members;
  TimeNs anchorEnd(std::size_t rank, const ChainLink& link) const {
    return link.anchor ? ranks[rank].links[*link.anchor].end_ns : origin_ns;
  }
};

// `match.matched[c]` and `arrivals[c]` are the job's collectives in time order; `ranks[i]` the
// collectives of rank i.
JobChain buildChain(const std::vector<RankCollectives>& ranks, const CollectiveMatch& match,
                    const std::vector<CollectiveArrivals>& arrivals, const ClockAlignment& clock, TimeNs origin);

}  // namespace feedscope::job
