// The job replayed along its dependency chain (docs/metrics.md, "The step's dependency chain and the
// step without a rank"): some ranks' own work made no longer than the other members' median at each
// collective, everything else as it was. A collective's last member then arrives at the latest of
// each member's replayed readiness (its anchor's replayed end plus its own work) and its stream's
// replayed free time, so a later collective never starts before its inputs are ready, and lateness a
// rank's slack absorbed saves nothing twice.
#pragma once
#include <vector>

#include "job/dependency_chain.h"

namespace feedscope::job {

struct Replay {
  // Per collective: how much sooner its last member arrives, and so how much sooner it ends.
  std::vector<TimeNs> shift_ns;
  // Per collective, per member: the replayed arrival.
  std::vector<std::vector<TimeNs>> arrival_ns;
};

// Per rank, per link: the own work removed when the ranks marked `onTime` are no slower than the
// other members' median at each of their collectives (0 for the others).
std::vector<std::vector<TimeNs>> onTimeExcess(const JobChain& chain, const std::vector<bool>& onTime);

// The job with `removed[rank][link]` of own work taken away.
Replay replay(const JobChain& chain, const std::vector<std::vector<TimeNs>>& removed);

// How much sooner `rank`'s moment `t` (aligned) comes in the replay: the shift of the last collective
// that gated it by then; 0 before the first.
TimeNs shiftAt(const JobChain& chain, const Replay& replayed, std::size_t rank, TimeNs t);

// How much sooner the job's last collective ends.
TimeNs endSaving(const JobChain& chain, const Replay& replayed);

}  // namespace feedscope::job
