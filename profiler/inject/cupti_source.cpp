// The collector as the recorder's activity source.
#include "inject/cupti_source.h"

#include <cupti.h>

namespace feedscope::inject {

cupti::CollectorOptions collectorOptionsFor(const RecorderConfig& config) {
  cupti::CollectorOptions options;
  options.markers = config.nvtx;
  // The recorder's own thread flushes (and then writes the chunk); CUPTI's periodic flush would only
  // add a second thread doing the same.
  options.flush_period_ms = 0;
  options.subscriber_name = "feedscope record";
  options.cuda_events = !config.leavesOut("events");
  options.synchronization = !config.leavesOut("syncs");
  options.driver_launches = !config.leavesOut("driver");
  options.runtime_api = !config.leavesOut("runtime");
  options.overhead = !config.leavesOut("overhead");
  return options;
}

CuptiSource::CuptiSource(ProcessRecorder& recorder, const cupti::CollectorOptions& options)
    : sink_(recorder), collector_(sink_, options) {}

void CuptiSource::flush(bool forced) {
  if (forced) {
    collector_.flushAll();
  } else {
    collector_.flush();
  }
}

SourceCounts CuptiSource::counts() const {
  cupti::CollectorStats s = collector_.stats();
  return {s.dropped, s.invalid};
}

// CUPTI's own reading: with the collector's timestamp callback in effect it is CLOCK_MONOTONIC, and
// the stream's clock samples show it.
std::int64_t CuptiSource::now() const {
  std::uint64_t t = 0;
  cuptiGetTimestamp(&t);
  return static_cast<std::int64_t>(t);
}

}  // namespace feedscope::inject
