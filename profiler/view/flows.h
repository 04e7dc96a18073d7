// Flows (docs/gui.md convention 9): a CUDA API call on a host thread and the GPU operation it launched
// share a correlation id. Selecting either end finds the other, so the timeline can draw an arrow
// between them and jump from one to the other.
#pragma once

#include <optional>

#include "view/item_ref.h"
#include "view/timeline_model.h"

namespace feedscope::view {

struct Flow {
  ItemRef launch;     // the runtime or driver API call
  ItemRef operation;  // the kernel, copy or memset
  friend bool operator==(const Flow&, const Flow&) = default;
};

// The flow `item` is one end of, in the same run; nullopt when it is neither an API call nor a GPU
// operation, carries no correlation id, or its other end is not in the trace.
// `nearOnly` looks only around where the other end should be (a few thousand items per row), never
// through whole rows: cheap enough for every hover, while a click searches everything.
std::optional<Flow> flowOf(const TimelineModel& model, const ItemRef& item, bool nearOnly = false);

// The end of `flow` that is not `from`.
inline const ItemRef& otherEnd(const Flow& flow, const ItemRef& from) {
  return flow.launch == from ? flow.operation : flow.launch;
}

}  // namespace feedscope::view
