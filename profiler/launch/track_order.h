// The display order of a recorded or joined run: its tracks in the order every part of Feedscope uses
// (trace/track_order.h), its devices by ordinal.
#pragma once

#include "trace/run.h"

namespace feedscope::launch {

void sortTracksForDisplay(trace::Run& run);

}  // namespace feedscope::launch
