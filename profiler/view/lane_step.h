// `,` and `.` (Perfetto's and Nsight's convention): the interval before or after the selected one on
// the same lane, in time order over all the lane's rows, so that a lane packed into several rows is
// walked as one sequence.
#pragma once

#include <optional>

#include "view/item_ref.h"
#include "view/timeline_model.h"

namespace feedscope::view {

// The neighbour of `from` on its lane: `forward` the next by start time, else the previous. Intervals
// that start together are ordered by row, then by position. None at either end.
std::optional<ItemRef> stepAlongLane(const TimelineModel& model, const ItemRef& from, bool forward);

}  // namespace feedscope::view
