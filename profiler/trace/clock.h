// The clocks of a recording: CLOCK_MONOTONIC nanoseconds are the run clock (CUPTI's records through
// its timestamp callback, and every host lane), CLOCK_REALTIME places a run on the wall clock.
#pragma once

#include "trace/types.h"

namespace feedscope::trace {

TimeNs monotonicNowNs();
TimeNs realtimeNowNs();

}  // namespace feedscope::trace
