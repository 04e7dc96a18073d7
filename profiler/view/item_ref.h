// One interval of the timeline model by where it sits: lane, row of the lane, index in the row. What
// search, flows and the tables pass around instead of copies of intervals.
#pragma once

#include <cstddef>
#include <optional>

#include "view/lane_layout.h"
#include "view/timeline_model.h"

namespace feedscope::view {

struct ItemRef {
  std::size_t lane = 0;
  std::size_t row = 0;
  std::size_t item = 0;
  friend bool operator==(const ItemRef&, const ItemRef&) = default;
};

// Display-time start and end of an item (its run's alignment applied).
TimeRange itemRange(const TimelineModel& model, const ItemRef& ref);
// The row slot of the layout where the item's row is drawn.
std::optional<std::size_t> slotOf(const LaneLayout& layout, std::size_t lane, std::size_t row);

}  // namespace feedscope::view
