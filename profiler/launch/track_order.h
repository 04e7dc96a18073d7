// The display order of a recorded run's lanes: GPU streams by device then process, GPU annotations,
// host threads by process, loader workers.
#pragma once

#include "trace/run.h"

namespace feedscope::launch {

void sortTracksForDisplay(trace::Run& run);

}  // namespace feedscope::launch
