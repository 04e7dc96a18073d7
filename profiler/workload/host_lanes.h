// The workload's own host-side lanes, on the run's clock (CLOCK_MONOTONIC, as CUPTI's records):
// loader workers producing batches, the main thread waiting for a batch, and the steps. CUDA-free.
#pragma once

#include <cstdint>
#include <mutex>
#include <vector>

#include "trace/run_builder.h"
#include "trace/string_table.h"

namespace feedscope::workload {

class HostLanes {
 public:
  struct Span {
    trace::TimeNs start_ns = 0;
    trace::TimeNs end_ns = 0;
    std::uint64_t number = 0;  // batch or step number
    int worker = -1;           // loader worker, for loader spans
  };

  // Thread-safe: loader workers and the main thread record concurrently.
  void loaderWork(int worker, trace::TimeNs start, trace::TimeNs end, std::uint64_t batch);
  void waitForBatch(trace::TimeNs start, trace::TimeNs end, std::uint64_t batch);
  void step(trace::TimeNs start, trace::TimeNs end, std::uint64_t number);

  // Adds the lanes to a run: one Loader track per worker (LoaderWork "load batch N"), and on the main
  // thread's track (pid, tid: the track its CUDA calls are on) the waits (DataLoading "wait for batch N")
  // and the steps (Step "step N").
  void addTo(trace::RunBuilder& builder, trace::StringTable& strings, std::int64_t pid,
             std::int64_t mainTid) const;

  std::vector<Span> steps() const;
  std::vector<Span> loaderSpans() const;
  std::vector<Span> waits() const;
  // Median step duration, and median time a worker spent on one batch (0 when there are none).
  trace::TimeNs medianStepNs() const;
  trace::TimeNs medianLoaderWorkNs() const;

 private:
  mutable std::mutex mutex_;
  std::vector<Span> loader_;
  std::vector<Span> waits_;
  std::vector<Span> steps_;
};

}  // namespace feedscope::workload
