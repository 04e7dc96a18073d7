// The one clock of a recorded run: CLOCK_MONOTONIC nanoseconds, shared by CUPTI's records (through the
// timestamp callback) and every host-side lane, plus the triples that map it to wall time.
#pragma once

#include <cstdint>

#include "trace/clock.h"
#include "trace/types.h"

namespace feedscope::cupti {

// The three clocks read together: CUPTI's (cuptiGetTimestamp), CLOCK_MONOTONIC and CLOCK_REALTIME.
// Kept at the start and the end of a recording, so a reader can check that CUPTI really used
// CLOCK_MONOTONIC and place the run on the wall clock.
struct ClockTriple {
  trace::TimeNs cupti_ns = 0;
  trace::TimeNs monotonic_ns = 0;
  trace::TimeNs realtime_ns = 0;

  // wall time = run clock + this.
  trace::TimeNs realtimeOffsetNs() const { return realtime_ns - monotonic_ns; }
  // How far CUPTI's clock is from CLOCK_MONOTONIC (a few hundred ns when the callback is in effect).
  trace::TimeNs cuptiSkewNs() const { return cupti_ns - monotonic_ns; }
  friend bool operator==(const ClockTriple&, const ClockTriple&) = default;
};

// Reads the two system clocks around `cuptiNs` (whatever CUPTI's clock said at that moment).
ClockTriple clockTripleAround(trace::TimeNs cuptiNs);

}  // namespace feedscope::cupti
