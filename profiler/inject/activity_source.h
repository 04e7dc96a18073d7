// The seam between the process recorder and whatever collects activity: the CUPTI collector in
// libfeedscope-inject.so, a synthetic source in the launcher tests. The recorder drives it (flushes on
// its thread and at exit); the source hands records to the recorder's sink as they complete.
#pragma once

#include <cstdint>

#include "rawstream/format.h"

namespace feedscope::inject {

struct SourceCounts {
  std::uint64_t dropped = 0;  // records the source lost (buffers full)
  std::uint64_t invalid = 0;  // records it rejected (start 0, end before start)
};

class ActivitySource {
 public:
  virtual ~ActivitySource() = default;
  // Hands every completed record to the sink; `forced` at exit also takes records still in flight.
  // Never called in a forked child.
  virtual void flush(bool forced) = 0;
  virtual SourceCounts counts() const = 0;
  // Stops collecting for good once the capture window has closed (--duration), so the program runs
  // on without the cost of tracing. Never called in a forked child.
  virtual void stop() {}
  // The clock of the timestamps the source produces, and a reading of it now.
  virtual rawstream::ClockId clock() const = 0;
  virtual std::int64_t now() const = 0;
};

}  // namespace feedscope::inject
