// Stepping along a lane.
#include "view/lane_step.h"

#include <tuple>

namespace feedscope::view {

std::optional<ItemRef> stepAlongLane(const TimelineModel& model, const ItemRef& from, bool forward) {
  if (from.lane >= model.lanes().size()) return std::nullopt;
  const Lane& lane = model.lanes()[from.lane];
  if (from.row >= lane.rows.size() || from.item >= lane.rows[from.row].size()) return std::nullopt;
  const TimeNs start = lane.rows[from.row].start(from.item);
  auto key = [&](std::size_t row, std::size_t item) {
    return std::make_tuple(lane.rows[row].start(item), row, item);
  };
  const auto here = key(from.row, from.item);
  std::optional<ItemRef> best;
  for (std::size_t r = 0; r < lane.rows.size(); ++r) {
    const Row& row = lane.rows[r];
    // Rows are sorted by start: the candidates sit around the first interval starting at `start`.
    std::size_t i = row.firstStartingAtOrAfter({start, 0.0});
    std::optional<std::size_t> pick;
    if (forward) {
      while (i < row.size() && key(r, i) <= here) ++i;
      if (i < row.size()) pick = i;
    } else {
      while (i < row.size() && key(r, i) < here) ++i;  // same start, earlier row or position
      if (i > 0) pick = i - 1;
    }
    if (!pick) continue;
    if (!best || (forward ? key(r, *pick) < key(best->row, best->item) : key(r, *pick) > key(best->row, best->item)))
      best = ItemRef{from.lane, r, *pick};
  }
  return best;
}

}  // namespace feedscope::view
