// System clock reads in nanoseconds.
#include "trace/clock.h"

#include <time.h>

namespace feedscope::trace {
namespace {

TimeNs read(clockid_t id) {
  timespec ts{};
  ::clock_gettime(id, &ts);
  return static_cast<TimeNs>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

}  // namespace

TimeNs monotonicNowNs() { return read(CLOCK_MONOTONIC); }
TimeNs realtimeNowNs() { return read(CLOCK_REALTIME); }

}  // namespace feedscope::trace
