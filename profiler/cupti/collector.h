// The CUPTI activity collector, shared by the in-process demo workload and the injection library
// (libfeedscope-inject.so). CUDA-free header: the CUPTI details live in collector.cpp.
//
// How to use it:
//   MySink sink;                      // an ActivitySink: RunSink builds a trace::Run, the injection
//   cupti::Collector collector(sink); //   writes a raw stream
//   collector.start();                // subscribes to CUPTI (error 39 -> CollectorError in plain
//                                     //   words), registers the CLOCK_MONOTONIC timestamp callback
//                                     //   (once per process), registers buffers, enables kinds
//   ... CUDA work ...                 // completed buffers are decoded and handed to the sink as
//                                     //   DecodedBatch, one at a time, on CUPTI's threads
//   collector.flushAll();             // everything recorded so far reaches the sink (returns when done)
//   CollectorStats s = collector.stop();  // flushes, disables, unsubscribes; counts and clock triples
//
// Guarantees: buffers are owned by the collector, at most `max_buffers` are out at a time (CUPTI drops
// and counts records when refused one), each request gets a fresh buffer; completed buffers may arrive
// on several threads at once (CUDA 13 per-thread buffers) and are decoded under one lock; the sink is
// never called concurrently. Dropped records (cuptiActivityGetNumDroppedRecords, accumulated) and
// invalid records (start 0, end < start) are counted in every batch and in the stats. After fork(),
// the child makes no CUPTI call at all (flushing there hangs: HPCToolkit/hpctoolkit#195): start,
// flush and stop do nothing in a forked child. Only one collector may run in a process.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "cupti/clock.h"
#include "cupti/decoded_batch.h"

namespace feedscope::cupti {

// A CUPTI failure, its message one line in plain words (see describeCuptiFailure).
class CollectorError : public std::runtime_error {
 public:
  CollectorError(const std::string& message, int cuptiResult)
      : std::runtime_error(message), cupti_result_(cuptiResult) {}
  int cuptiResult() const { return cupti_result_; }
  // True for CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED: another profiler holds CUPTI.
  bool subscriberTaken() const { return cupti_result_ == 39; }

 private:
  int cupti_result_;
};

struct CollectorOptions {
  bool kernels = true;          // CONCURRENT_KERNEL (never KERNEL: it serializes kernels)
  bool memory = true;           // MEMCPY, MEMCPY2 (peer), MEMSET
  bool runtime_api = true;      // cuda* calls, with correlation ids
  // cu* calls that launch, copy, set or wait (cuLaunchKernel, cuMemcpyHtoDAsync, cuMemsetD32,
  // cuStreamSynchronize: cupti/driver_calls.h), the way cuBLAS, Triton and other libraries launch work
  // without the runtime. Without them such a kernel has no launching call: no flow, and a --capture
  // window drops it when it runs after the window closed. CUPTI records only the driver calls the
  // program makes itself, not those the runtime makes for it, so nothing is counted twice.
  bool driver_launches = true;
  bool driver_api = false;  // every cu* call instead (doubles the API volume)
  bool synchronization = true;  // stream/event/context synchronization
  bool cuda_events = true;      // cudaEventRecord, with device timestamps
  bool overhead = true;         // CUPTI and driver overhead (lazy loading, buffer flushes)
  bool devices = true;          // one DEVICE record per GPU: name and uuid
  // NVTX ranges. CUPTI sees them only when NVTX_INJECTION64_PATH names the libcupti this process
  // uses before its first NVTX call; start() sets it (if unset) to the libcupti it loaded.
  bool markers = false;
  // Leaves out the runtime calls a framework makes thousands of times per step and that say nothing
  // about starvation (cudaGetDevice, cudaGetLastError, ...).
  bool trim_noisy_api = true;
  std::size_t buffer_bytes = 8u << 20;  // CUPTI asks for buffers of this size (1-10 MB recommended)
  std::size_t max_buffers = 64;         // buffers out at once; more requests are refused (records dropped)
  // When > 0, CUPTI's own thread completes buffers every this many ms, so a process that dies
  // without running atexit loses at most that much (the injection uses it).
  std::uint32_t flush_period_ms = 0;
  // Flush when a context is being destroyed (cudaDeviceReset), before its records are lost.
  bool flush_on_context_destroy = true;
  std::string subscriber_name = "feedscope";
};

struct CollectorStats {
  std::uint64_t records = 0;            // records read from completed buffers
  std::uint64_t dropped = 0;            // records CUPTI lost (no buffer, buffer full)
  std::uint64_t invalid = 0;            // start 0 or end < start: left out
  std::uint64_t untimed_events = 0;     // cudaEventRecord of events made with cudaEventDisableTiming: no time, left out
  std::uint64_t buffers_completed = 0;  // buffers CUPTI handed back
  std::uint64_t buffers_refused = 0;    // requests refused because max_buffers were out
  std::uint64_t buffers_cut_short = 0;  // buffers that ended in a record CUPTI could not read
  std::uint64_t open_markers = 0;       // NVTX ranges started and never ended (at stop)
  ClockTriple at_start;
  ClockTriple at_stop;
  friend bool operator==(const CollectorStats&, const CollectorStats&) = default;
};

class Collector {
 public:
  explicit Collector(ActivitySink& sink, CollectorOptions options = {});
  ~Collector();  // stops if running; never throws
  Collector(const Collector&) = delete;
  Collector& operator=(const Collector&) = delete;

  // Throws CollectorError when CUPTI cannot start (no driver, another subscriber, ...), leaving
  // nothing registered, or when another collector runs in this process.
  void start();
  // Hands completed buffers to the sink now.
  void flush();
  // Hands every buffer to the sink, including those still being filled (cuptiActivityFlushAll
  // FORCED); returns when they have been consumed.
  void flushAll();
  // flushAll, disable every kind, unsubscribe. Safe to call twice.
  CollectorStats stop();

  bool running() const;
  // Figures so far (thread-safe).
  CollectorStats stats() const;
  // CUPTI's stream id of a CUDA stream (CUstream / cudaStream_t passed as void*), for naming lanes;
  // -1 when CUPTI cannot tell.
  static std::int64_t streamId(void* stream);
  // True in a child forked from a process where CUPTI ran: make no CUPTI call there.
  static bool inForkedChild();

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace feedscope::cupti
