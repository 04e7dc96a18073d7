// Where an item is in time and on the layout.
#include "view/item_ref.h"

namespace feedscope::view {

TimeRange itemRange(const TimelineModel& model, const ItemRef& ref) {
  const Lane& lane = model.lanes()[ref.lane];
  const Row& row = lane.rows[ref.row];
  return {model.toDisplay(lane.run, row.start(ref.item)), model.toDisplay(lane.run, row.end(ref.item))};
}

std::optional<std::size_t> slotOf(const LaneLayout& layout, std::size_t lane, std::size_t row) {
  const LanePlacement* p = layout.placementOf(lane);
  if (p == nullptr || row >= p->slot_count) return std::nullopt;
  return p->first_slot + row;
}

}  // namespace feedscope::view
