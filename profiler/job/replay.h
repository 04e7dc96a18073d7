// The job replayed along its dependency chain (docs/metrics.md, "The step's dependency chain and the
// step without a rank"): some ranks' own work made no longer than the other members' median at each
// collective, everything else as it was. Each rank's own work comes as much sooner as its timeline
// says: where it waited for a collective, it resumes at the later of that collective's replayed end
// and what its own work let it; where its own lateness was removed, all it did after comes that much
// sooner. A collective's last member then arrives at the latest of each member's replayed readiness
// and its stream's replayed free time, so a later collective never starts before its inputs are
// ready, and lateness a rank's slack absorbed saves nothing twice.
#pragma once
#include <utility>
#include <vector>

#include "job/dependency_chain.h"

namespace feedscope::job {

struct Replay {
  // Per collective: how much sooner its last member arrives, and so how much sooner it ends.
  std::vector<TimeNs> shift_ns;
  // Per collective, per member: the replayed arrival.
  std::vector<std::vector<TimeNs>> arrival_ns;
  // Per rank: (from when, how much sooner the rank's work comes from then on), by time.
  std::vector<std::vector<std::pair<TimeNs, TimeNs>>> timeline;
  std::vector<bool> on_time;  // per rank: some of its own work was removed
};

// Per rank, per link: the own work removed when the ranks marked `onTime` are no slower than the
// other members' median at each of their collectives (0 for the others).
std::vector<std::vector<TimeNs>> onTimeExcess(const JobChain& chain, const std::vector<bool>& onTime);

// The job with `removed[rank][link]` of own work taken away: at most down to the other members'
// median replayed readiness there (on time, not sooner).
Replay replay(const JobChain& chain, const std::vector<std::vector<TimeNs>>& removed);

// How much sooner `rank`'s moment `t` (aligned) comes in the replay: its timeline then; for a rank made
// on time, no more than the other ranks' median then (on time, not ahead of them).
TimeNs shiftAt(const Replay& replayed, std::size_t rank, TimeNs t);

// How much sooner the job's last collective ends.
TimeNs endSaving(const JobChain& chain, const Replay& replayed);

}  // namespace feedscope::job
