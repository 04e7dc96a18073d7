// Clock triples around a CUPTI timestamp.
#include "cupti/clock.h"

namespace feedscope::cupti {

ClockTriple clockTripleAround(trace::TimeNs cuptiNs) {
  ClockTriple t;
  t.cupti_ns = cuptiNs;
  t.monotonic_ns = trace::monotonicNowNs();
  t.realtime_ns = trace::realtimeNowNs();
  return t;
}

}  // namespace feedscope::cupti
