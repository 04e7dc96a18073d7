// Whether a process's GPU timestamps stayed on the clock its stream says, from start to end.
//
// The collector stamps CUPTI's records with CLOCK_MONOTONIC through CUPTI's timestamp callback, once per
// process. Another profiler in the same process can change that behind its back: torch.profiler (Kineto)
// registers its own timestamp callback (TSC ticks) when it starts. Every record CUPTI completes after
// that is on another clock, and placing it on the run's would put kernels in the wrong place, or years
// away. The recorder writes a clock sample (CUPTI's reading beside CLOCK_MONOTONIC) at the start, at
// every flush (about once a second) and at the end of each stream; the merge checks them all:
// everything up to the last sample that agreed is placed, what comes after the first that did not is
// left out, and the user is told why. docs/recording.md, "With torch.profiler".
#pragma once

#include <cstdint>
#include <limits>
#include <string>

#include "rawstream/process_stream.h"

namespace feedscope::launch {

// How far CUPTI's reading may be from CLOCK_MONOTONIC's, read a moment apart, and still be the same
// clock: the two reads are microseconds apart, another clock is seconds to years away.
inline constexpr std::int64_t kClockAgreementNs = 1'000'000;

struct StreamClockCheck {
  bool changed = false;  // a sample disagreed with the ones before it
  // On the stream's own clock: intervals that start after this are not placed (max: all are).
  std::int64_t trusted_until_ns = std::numeric_limits<std::int64_t>::max();
  std::string problem;  // what was seen, for the user, when changed
};

StreamClockCheck checkStreamClock(const rawstream::ProcessStream& stream);

}  // namespace feedscope::launch
