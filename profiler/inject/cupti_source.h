// The activity source of libfeedscope-inject.so: the CUPTI collector, driven by the process recorder
// (its flush thread and the exit flush) and feeding it through a RawStreamSink.
#pragma once

#include <memory>

#include "cupti/collector.h"
#include "inject/activity_source.h"
#include "inject/raw_stream_sink.h"

namespace feedscope::inject {

class CuptiSource : public ActivitySource {
 public:
  CuptiSource(ProcessRecorder& recorder, const cupti::CollectorOptions& options);
  // Subscribes and enables the kinds; throws cupti::CollectorError (another profiler holds CUPTI,
  // no driver...), which the injection writes into the stream.
  void start() { collector_.start(); }

  void flush(bool forced) override;
  SourceCounts counts() const override;
  void stop() override { collector_.stop(); }
  rawstream::ClockId clock() const override { return rawstream::ClockId::Monotonic; }
  std::int64_t now() const override;

 private:
  RawStreamSink sink_;
  cupti::Collector collector_;
};

// What the recorder's configuration asks of the collector.
cupti::CollectorOptions collectorOptionsFor(const RecorderConfig& config);

}  // namespace feedscope::inject
