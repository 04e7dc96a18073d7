// docs/gui.md "Jobs": a click on a rank's wait for its peers jumps to where the rank it waited for
// arrived: that rank's collective kernel starting at its arrival.
#pragma once

#include <optional>

#include "view/item_ref.h"
#include "view/peer_wait.h"
#include "view/timeline_model.h"

namespace feedscope::view {

// The kernel of `wait.late_run` that starts at `wait.late_arrival_ns` on that rank's device, or
// nullopt when the trace has none there.
std::optional<ItemRef> lateArrivalOf(const TimelineModel& model, const PeerWait& wait);

}  // namespace feedscope::view
