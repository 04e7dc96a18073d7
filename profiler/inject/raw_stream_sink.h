// The collector's sink inside libfeedscope-inject.so: decoded batches go to the process recorder,
// which writes them into this process's raw stream (names as text, lanes as placements).
#pragma once

#include <string>
#include <vector>

#include "cupti/decoded_batch.h"
#include "inject/process_recorder.h"

namespace feedscope::inject {

class RawStreamSink : public cupti::ActivitySink {
 public:
  explicit RawStreamSink(ProcessRecorder& recorder) : recorder_(recorder) {}
  // Called one batch at a time on CUPTI's threads: only appends to the writer's in-memory chunk.
  void consume(const cupti::DecodedBatch& batch) override;

  static rawstream::Placement placementOf(const cupti::TrackKey& key);

 private:
  ProcessRecorder& recorder_;
  std::vector<std::string> names_{""};  // the collector's string ids, as text
  bool cut_short_reported_ = false;        // said once per process: the stream's messages stay short
};

}  // namespace feedscope::inject
