// The CUPTI side of the collector: subscription, timestamp callback, buffer callbacks, activity kinds.
#include "cupti/collector.h"
#include "trace/clock.h"

#include <cupti.h>
#include <dlfcn.h>
#include <pthread.h>

#include <atomic>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <vector>

#include "cupti/buffer_decoder.h"
#include "cupti/buffer_pool.h"
#include "cupti/cupti_error.h"
#include "cupti/driver_calls.h"
#include "driver_probe/cuda_driver.h"

namespace feedscope::cupti {

namespace {

// CUPTI's callbacks are plain functions without user data, so the state they reach is process-wide.
// It is never destroyed: CUPTI may complete buffers while the process exits, after static destructors.
struct ProcessState {
  std::mutex lifecycle;               // start/stop
  std::mutex decode;                  // held while a completed buffer is decoded and consumed
  Collector::Impl* active = nullptr;  // guarded by `decode`
  bool running = false;               // guarded by `lifecycle`
  BufferPool pool{8u << 20, 64};
  std::once_flag timestamp_once;
  CUptiResult timestamp_result = CUPTI_SUCCESS;
  std::once_flag atfork_once;
  std::atomic<bool> forked_child{false};
};

ProcessState& process() {
  static ProcessState* state = new ProcessState;
  return *state;
}

std::uint64_t CUPTIAPI monotonicTimestamp() {
  return static_cast<std::uint64_t>(trace::monotonicNowNs());
}

std::string resultText(CUptiResult r) {
  const char* text = nullptr;
  if (cuptiGetResultString(r, &text) != CUPTI_SUCCESS || text == nullptr) return {};
  return text;
}

[[noreturn]] void fail(const char* call, CUptiResult r, std::string_view otherSubscriber = {}) {
  std::string message = describeCuptiFailure(call, static_cast<int>(r), resultText(r), otherSubscriber);
  // Errors 999 (unknown) and 15 (not initialised) do not say why; the driver's version does: missing,
  // older than the CUDA this CUPTI was built for, or present and refusing (driver_probe/cuda_driver.h).
  if (r == CUPTI_ERROR_UNKNOWN || r == CUPTI_ERROR_NOT_INITIALIZED) {
    message += ": " + driver_probe::cuptiStartFailureReason(CUDA_VERSION / 1000);
  }
  throw CollectorError(message, static_cast<int>(r));
}

// Runtime and driver calls made thousands of times per step that say nothing about starvation.
constexpr CUpti_CallbackId kNoisyRuntimeCalls[] = {
    CUPTI_RUNTIME_TRACE_CBID_cudaGetDevice_v3020,
    CUPTI_RUNTIME_TRACE_CBID_cudaSetDevice_v3020,
    CUPTI_RUNTIME_TRACE_CBID_cudaGetLastError_v3020,
    CUPTI_RUNTIME_TRACE_CBID_cudaPeekAtLastError_v3020,
    CUPTI_RUNTIME_TRACE_CBID_cudaGetDeviceCount_v3020,
    CUPTI_RUNTIME_TRACE_CBID_cudaDeviceGetAttribute_v5000,
    CUPTI_RUNTIME_TRACE_CBID_cudaGetDeviceProperties_v3020,
    CUPTI_RUNTIME_TRACE_CBID_cudaGetDeviceProperties_v12000,
    CUPTI_RUNTIME_TRACE_CBID_cudaFuncGetAttributes_v3020,
    CUPTI_RUNTIME_TRACE_CBID_cudaPointerGetAttributes_v4000,
    CUPTI_RUNTIME_TRACE_CBID_cudaStreamIsCapturing_v10000,
    CUPTI_RUNTIME_TRACE_CBID_cudaStreamGetCaptureInfo_v10010,
    CUPTI_RUNTIME_TRACE_CBID_cudaStreamGetCaptureInfo_v2_v11030,
    CUPTI_RUNTIME_TRACE_CBID_cudaStreamGetCaptureInfo_v12030,
    CUPTI_RUNTIME_TRACE_CBID_cudaEventQuery_v3020,
};
constexpr CUpti_CallbackId kNoisyDriverCalls[] = {
    CUPTI_DRIVER_TRACE_CBID_cuCtxGetCurrent,      CUPTI_DRIVER_TRACE_CBID_cuCtxGetDevice,
    CUPTI_DRIVER_TRACE_CBID_cuDeviceGetAttribute, CUPTI_DRIVER_TRACE_CBID_cuGetProcAddress,
    CUPTI_DRIVER_TRACE_CBID_cuGetProcAddress_v2,
};

void CUPTIAPI onBufferRequested(std::uint8_t** buffer, std::size_t* size, std::size_t* maxNumRecords) {
  // In a forked child (a DataLoader worker) no buffer, and no lock taken: CUPTI drops the records.
  BufferPool::Buffer b = bufferForCupti(process().pool, process().forked_child.load());
  *buffer = b.data;
  *size = b.bytes;
  *maxNumRecords = 0;  // as many as fit
}

void CUPTIAPI onBufferCompleted(CUcontext, std::uint32_t, std::uint8_t* buffer, std::size_t,
                                std::size_t validSize);
void CUPTIAPI onCallback(void* userdata, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                         const void* cbdata);

void markForkedChild() {
  process().forked_child.store(true);
}

}  // namespace

struct Collector::Impl {
  Impl(ActivitySink& s, CollectorOptions o) : options(std::move(o)), buffers(s, cuptiBufferApi()) {}

  void enable(CUpti_ActivityKind kind, bool dumpExisting = false);
  void enableDriverLaunches();
  void disableAll();
  ClockTriple clockTriple() const;

  CollectorOptions options;
  CUpti_SubscriberHandle subscriber = nullptr;
  std::vector<CUpti_ActivityKind> enabled;
  std::vector<std::uint32_t> enabled_driver_calls;  // cuptiActivityEnableDriverApi, without the DRIVER kind
  // Decoding state, used only with process().decode held; its counts are readable at any time.
  BufferDecoder buffers;
  std::atomic<std::uint64_t> refused_at_start{0};
  mutable std::mutex clock_mutex;
  ClockTriple at_start, at_stop;  // guarded by clock_mutex
};

namespace {

void CUPTIAPI onBufferCompleted(CUcontext context, std::uint32_t streamId, std::uint8_t* buffer, std::size_t,
                                std::size_t validSize) {
  ProcessState& p = process();
  if (buffer != nullptr && !p.forked_child.load()) {
    std::lock_guard lock(p.decode);
    if (p.active != nullptr) p.active->buffers.decode(buffer, validSize, context, streamId);
  }
  p.pool.release(buffer);
}

void CUPTIAPI onCallback(void* userdata, CUpti_CallbackDomain domain, CUpti_CallbackId cbid,
                         const void* cbdata) {
  if (domain != CUPTI_CB_DOMAIN_RESOURCE || cbdata == nullptr) return;
  auto* impl = static_cast<Collector::Impl*>(userdata);
  const auto* data = static_cast<const CUpti_ResourceData*>(cbdata);
  if (cbid == CUPTI_CBID_RESOURCE_CONTEXT_CREATED) {
    std::uint32_t context = 0, device = 0;
    if (cuptiGetContextId(data->context, &context) == CUPTI_SUCCESS &&
        cuptiGetDeviceId(data->context, &device) == CUPTI_SUCCESS) {
      std::lock_guard lock(process().decode);
      impl->buffers.noteContext(context, device);
    }
  } else if (cbid == CUPTI_CBID_RESOURCE_CONTEXT_DESTROY_STARTING && impl->options.flush_on_context_destroy) {
    // The context's records are lost once it is gone (cudaDeviceReset): hand them over while it is
    // still alive. Never twice on one thread: the flush must not recurse through a nested callback.
    static thread_local bool flushing = false;
    if (flushing) return;
    flushing = true;
    cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    flushing = false;
  }
}

}  // namespace

void Collector::Impl::enable(CUpti_ActivityKind kind, bool dumpExisting) {
  CUptiResult r = dumpExisting ? cuptiActivityEnableAndDump(kind) : cuptiActivityEnable(kind);
  if (r != CUPTI_SUCCESS) fail(dumpExisting ? "cuptiActivityEnableAndDump" : "cuptiActivityEnable", r);
  enabled.push_back(kind);
}

// Only the driver calls of cupti/driver_calls.h: CUPTI records a driver call enabled one by one
// without the DRIVER kind (cupti_activity.h, cuptiActivityEnableDriverApi).
void Collector::Impl::enableDriverLaunches() {
  for (std::uint32_t cbid : recordedDriverCallbacks()) {
    CUptiResult r = cuptiActivityEnableDriverApi(cbid, 1);
    if (r != CUPTI_SUCCESS) fail("cuptiActivityEnableDriverApi", r);
    enabled_driver_calls.push_back(cbid);
  }
}

void Collector::Impl::disableAll() {
  for (CUpti_ActivityKind kind : enabled) cuptiActivityDisable(kind);
  enabled.clear();
  for (std::uint32_t cbid : enabled_driver_calls) cuptiActivityEnableDriverApi(cbid, 0);
  enabled_driver_calls.clear();
}

ClockTriple Collector::Impl::clockTriple() const {
  std::uint64_t cuptiNow = 0;
  cuptiGetTimestamp(&cuptiNow);
  return clockTripleAround(static_cast<trace::TimeNs>(cuptiNow));
}

Collector::Collector(ActivitySink& sink, CollectorOptions options)
    : impl_(std::make_unique<Impl>(sink, std::move(options))) {}

Collector::~Collector() {
  try {
    stop();
  } catch (...) {
    // stop() reports nothing worth a throw from a destructor.
  }
}

void Collector::start() {
  ProcessState& p = process();
  if (p.forked_child.load()) return;
  std::lock_guard life(p.lifecycle);
  if (p.running) {
    throw CollectorError("a Feedscope collector is already recording in this process", 0);
  }
  Impl& impl = *impl_;
  const CollectorOptions& o = impl.options;

  CUpti_SubscriberParams params{};
  params.structSize = CUpti_SubscriberParams_STRUCT_SIZE;
  params.subscriberName = o.subscriber_name.c_str();
  char other[CUPTI_OLD_SUBSCRIBER_NAME_MIN_LEN + 1] = {};
  params.oldSubscriberName = other;
  params.oldSubscriberSize = CUPTI_OLD_SUBSCRIBER_NAME_MIN_LEN;
  CUptiResult r = cuptiSubscribe_v2(&impl.subscriber, &onCallback, &impl, &params);
  if (r != CUPTI_SUCCESS) {
    impl.subscriber = nullptr;
    fail("cuptiSubscribe", r, other);
  }
  try {
    // Once per process, before any kind is enabled: registering again corrupts timestamps
    // (pytorch/pytorch#192021).
    std::call_once(p.timestamp_once, [&p] {
      p.timestamp_result = cuptiActivityRegisterTimestampCallback(&monotonicTimestamp);
    });
    if (p.timestamp_result != CUPTI_SUCCESS)
      fail("cuptiActivityRegisterTimestampCallback", p.timestamp_result);
    if ((r = cuptiSetThreadIdType(CUPTI_ACTIVITY_THREAD_ID_TYPE_SYSTEM)) != CUPTI_SUCCESS)
      fail("cuptiSetThreadIdType", r);
    if ((r = cuptiEnableDomain(1, impl.subscriber, CUPTI_CB_DOMAIN_RESOURCE)) != CUPTI_SUCCESS) {
      fail("cuptiEnableDomain", r);
    }
    p.pool.configure(o.buffer_bytes, o.max_buffers);
    impl.refused_at_start = p.pool.refused();
    if ((r = cuptiActivityRegisterCallbacks(&onBufferRequested, &onBufferCompleted)) != CUPTI_SUCCESS) {
      fail("cuptiActivityRegisterCallbacks", r);
    }
    {
      std::lock_guard lock(p.decode);
      p.active = &impl;
    }
    if (o.markers && std::getenv("NVTX_INJECTION64_PATH") == nullptr) {
      // NVTX finds CUPTI through this variable at its first call; point it at the libcupti in use.
      Dl_info info{};
      if (dladdr(reinterpret_cast<void*>(&cuptiSubscribe), &info) != 0 && info.dli_fname != nullptr) {
        setenv("NVTX_INJECTION64_PATH", info.dli_fname, 0);
      }
    }
    // CUPTI writes DEVICE records when the driver initialises; a collector started after that (the demo,
    // a test that looked for GPUs first) gets them only from EnableAndDump (cupti_activity.h).
    if (o.devices) impl.enable(CUPTI_ACTIVITY_KIND_DEVICE, /*dumpExisting=*/true);
    if (o.kernels) impl.enable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
    if (o.memory) {
      impl.enable(CUPTI_ACTIVITY_KIND_MEMCPY);
      impl.enable(CUPTI_ACTIVITY_KIND_MEMCPY2);
      impl.enable(CUPTI_ACTIVITY_KIND_MEMSET);
    }
    if (o.runtime_api) impl.enable(CUPTI_ACTIVITY_KIND_RUNTIME);
    if (o.driver_api) {
      impl.enable(CUPTI_ACTIVITY_KIND_DRIVER);
    } else if (o.driver_launches) {
      impl.enableDriverLaunches();
    }
    if (o.trim_noisy_api) {
      if (o.runtime_api) {
        for (CUpti_CallbackId id : kNoisyRuntimeCalls) cuptiActivityEnableRuntimeApi(id, 0);
      }
      if (o.driver_api) {
        for (CUpti_CallbackId id : kNoisyDriverCalls) cuptiActivityEnableDriverApi(id, 0);
      }
    }
    if (o.synchronization) {
      impl.enable(CUPTI_ACTIVITY_KIND_SYNCHRONIZATION);
      // A cudaEventQuery or cudaStreamQuery that found the work unfinished returned at once: it is not
      // a wait, and recording it as a synchronisation would show host blocking that never happened.
      // Best effort: a CUPTI that cannot leave them out still records everything else.
      cuptiActivityEnableAllSyncRecords(0);
    }
    if (o.cuda_events) {
      impl.enable(CUPTI_ACTIVITY_KIND_CUDA_EVENT);
      if ((r = cuptiActivityEnableCudaEventDeviceTimestamps(1)) != CUPTI_SUCCESS) {
        fail("cuptiActivityEnableCudaEventDeviceTimestamps", r);
      }
    }
    if (o.overhead) impl.enable(CUPTI_ACTIVITY_KIND_OVERHEAD);
    if (o.markers) impl.enable(CUPTI_ACTIVITY_KIND_MARKER);
    if (o.flush_period_ms > 0 && (r = cuptiActivityFlushPeriod(o.flush_period_ms)) != CUPTI_SUCCESS) {
      fail("cuptiActivityFlushPeriod", r);
    }
  } catch (...) {
    impl.disableAll();
    {
      std::lock_guard lock(p.decode);
      p.active = nullptr;
    }
    cuptiUnsubscribe(impl.subscriber);
    impl.subscriber = nullptr;
    throw;
  }
  std::call_once(p.atfork_once, [] { pthread_atfork(nullptr, nullptr, &markForkedChild); });
  ClockTriple begin = impl.clockTriple();
  {
    std::lock_guard clocks(impl.clock_mutex);
    impl.at_start = begin;
    impl.at_stop = {};
  }
  p.running = true;
}

void Collector::flush() {
  if (!running() || inForkedChild()) return;
  cuptiActivityFlushAll(0);
}

void Collector::flushAll() {
  if (!running() || inForkedChild()) return;
  // Never with our own lock held: the completion callback may run on this thread and take it.
  cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
}

CollectorStats Collector::stop() {
  ProcessState& p = process();
  if (p.forked_child.load()) return stats();
  {
    // Held throughout; no callback takes it, so flushing under it cannot deadlock.
    std::lock_guard life(p.lifecycle);
    if (!p.running || p.active != impl_.get()) return stats();
    Impl& impl = *impl_;
    cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    impl.disableAll();
    if (impl.options.flush_period_ms > 0) cuptiActivityFlushPeriod(0);
    // Records of work that was in flight when the kinds were disabled.
    cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
    ClockTriple end = impl.clockTriple();
    {
      std::lock_guard clocks(impl.clock_mutex);
      impl.at_stop = end;
    }
    cuptiUnsubscribe(impl.subscriber);
    impl.subscriber = nullptr;
    std::lock_guard lock(p.decode);
    p.active = nullptr;
    p.running = false;
  }
  return stats();
}

bool Collector::running() const {
  ProcessState& p = process();
  std::lock_guard life(p.lifecycle);
  return p.running && p.active == impl_.get();
}

CollectorStats Collector::stats() const {
  const Impl& impl = *impl_;
  CollectorStats s;
  const BufferCounts& counts = impl.buffers.counts();
  s.records = counts.records.load();
  s.dropped = counts.dropped.load();
  s.invalid = counts.invalid.load();
  s.untimed_events = counts.untimed_events.load();
  s.buffers_completed = counts.buffers.load();
  s.buffers_cut_short = counts.buffers_cut_short.load();
  s.buffers_refused = process().pool.refused() - impl.refused_at_start;
  s.open_markers = counts.open_markers.load();
  std::lock_guard clocks(impl.clock_mutex);
  s.at_start = impl.at_start;
  s.at_stop = impl.at_stop;
  return s;
}

std::int64_t Collector::streamId(void* stream) {
  std::uint32_t id = 0;
  if (cuptiGetStreamIdEx(nullptr, static_cast<CUstream>(stream), 0, &id) != CUPTI_SUCCESS) return -1;
  return id;
}

bool Collector::inForkedChild() {
  return process().forked_child.load();
}

}  // namespace feedscope::cupti
