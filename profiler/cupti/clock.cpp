// CLOCK_MONOTONIC and CLOCK_REALTIME in nanoseconds.
#include "cupti/clock.h"

#include <time.h>

namespace feedscope::cupti {
namespace {

trace::TimeNs read(clockid_t id) {
  timespec ts{};
  clock_gettime(id, &ts);
  return static_cast<trace::TimeNs>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

}  // namespace

trace::TimeNs monotonicNowNs() {
  return read(CLOCK_MONOTONIC);
}
trace::TimeNs realtimeNowNs() {
  return read(CLOCK_REALTIME);
}

ClockTriple clockTripleAround(trace::TimeNs cuptiNs) {
  ClockTriple t;
  t.cupti_ns = cuptiNs;
  t.monotonic_ns = monotonicNowNs();
  t.realtime_ns = realtimeNowNs();
  return t;
}

}  // namespace feedscope::cupti
