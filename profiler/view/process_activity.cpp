// Busy share per pixel column of a folded process.
#include "view/process_activity.h"

#include <algorithm>
#include <cmath>

namespace feedscope::view {

std::vector<float> processActivity(const TimelineModel& model, std::size_t run, std::int64_t pid,
                                   const Viewport& viewport) {
  const int width = std::max(0, static_cast<int>(std::ceil(viewport.width())));
  std::vector<float> busy(static_cast<std::size_t>(width), 0.0f);
  if (run >= model.runs().size()) return busy;
  const TimeNs origin = model.runs()[run].origin;
  for (const Lane& lane : model.lanes()) {
    if (lane.run != run || lane.track == nullptr || lane.track->isGpu() || lane.track->pid != pid) continue;
    if (lane.rows.empty()) continue;
    // The outermost row: nested ranges lie inside it and would only count the same time again.
    const Row& row = lane.rows.front();
    std::size_t cursor = 0;
    double before = row.coveredBefore({origin, viewport.toTime(0)}, &cursor);
    for (int x = 0; x < width; ++x) {
      const double after = row.coveredBefore({origin, viewport.toTime(x + 1)}, &cursor);
      const double share = (after - before) / viewport.nsPerPx();
      before = after;
      float& b = busy[static_cast<std::size_t>(x)];
      b = std::max(b, static_cast<float>(std::clamp(share, 0.0, 1.0)));
    }
  }
  return busy;
}

}  // namespace feedscope::view
