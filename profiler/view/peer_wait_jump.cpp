// Where the late rank arrived (see peer_wait_jump.h).
#include "view/peer_wait_jump.h"

namespace feedscope::view {

std::optional<ItemRef> lateArrivalOf(const TimelineModel& model, const PeerWait& wait) {
  if (wait.late_run >= model.runs().size()) return std::nullopt;
  const RunLanes& run = model.runs()[wait.late_run];
  const std::int32_t device = run.rank ? run.rank->device : -1;
  for (std::size_t l = run.first_lane; l < run.first_lane + run.lane_count && l < model.lanes().size(); ++l) {
    const Lane& lane = model.lanes()[l];
    if (lane.kind != LaneKind::Kernels || lane.device != device) continue;
    for (std::size_t r = 0; r < lane.rows.size(); ++r) {
      const Row& row = lane.rows[r];
      const std::size_t i = row.firstStartingAtOrAfter(RunTime{wait.late_arrival_ns, 0.0});
      if (i < row.size() && row.start(i) == wait.late_arrival_ns) return ItemRef{l, r, i};
    }
  }
  return std::nullopt;
}

}  // namespace feedscope::view
