// The step loop of each prefetch mode.
#include "workload/training_loop.h"
#include "trace/clock.h"

#include <nvtx3/nvToolsExt.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "cupti/clock.h"
#include "workload/batch_loader.h"
#include "workload/cuda_check.h"
#include "workload/gpu_devices.h"
#include "workload/model.h"

namespace feedscope::workload {

namespace {

// A host buffer of one batch: pinned (cudaHostAlloc) or pageable (plain heap memory).
class HostBuffer {
 public:
  HostBuffer(std::uint64_t bytes, bool pinned) : bytes_(bytes), pinned_(pinned) {
    if (pinned_) {
      checkCuda(cudaHostAlloc(reinterpret_cast<void**>(&data_), bytes, cudaHostAllocDefault),
                "allocating " + std::to_string(bytes >> 20) + " MiB of pinned memory");
    } else {
      data_ = static_cast<std::uint8_t*>(std::aligned_alloc(4096, (bytes + 4095) / 4096 * 4096));
      if (data_ == nullptr)
        throw GpuError("allocating " + std::to_string(bytes >> 20) + " MiB of host memory failed");
    }
  }
  ~HostBuffer() {
    if (pinned_) {
      cudaFreeHost(data_);
    } else {
      std::free(data_);
    }
  }
  HostBuffer(const HostBuffer&) = delete;
  HostBuffer& operator=(const HostBuffer&) = delete;
  std::span<std::uint8_t> span() const { return {data_, bytes_}; }

 private:
  std::uint8_t* data_ = nullptr;
  std::uint64_t bytes_;
  bool pinned_;
};

// NVTX range for a step, so Nsight and an injected collector see the steps too.
class NvtxStep {
 public:
  explicit NvtxStep(int step) { nvtxRangePushA(("step " + std::to_string(step)).c_str()); }
  ~NvtxStep() { nvtxRangePop(); }
};

}  // namespace

struct TrainingLoop::Impl {
  Impl(const WorkloadConfig& c, int depth);
  ~Impl();
  void runSynchronous(BatchLoader& loader, const StepCallback& onStep);
  void runPrefetching(BatchLoader& loader, const StepCallback& onStep);

  WorkloadConfig config;
  std::uint64_t bytes;
  bool train;
  std::vector<std::unique_ptr<HostBuffer>> host;
  std::vector<std::uint8_t*> device;  // the ring: one buffer in the synchronous modes
  cudaStream_t compute = nullptr;
  cudaStream_t copy = nullptr;
  std::vector<cudaEvent_t> copied;    // copy into ring slot k done
  std::vector<cudaEvent_t> consumed;  // compute done reading ring slot k
  std::optional<SyntheticModel> model;
  HostLanes lanes;
  std::int64_t pid = ::getpid();
  std::int64_t tid = 0;
  float last_loss = 0;
};

TrainingLoop::Impl::Impl(const WorkloadConfig& c, int depth)
    : config(c), bytes(c.batchBytes()), train(c.phase == Phase::Train) {
  GpuDevice gpu = requireGpu(c.device);
  checkCuda(cudaSetDevice(c.device), "selecting GPU " + std::to_string(c.device));
  bool pinned = usesPinnedMemory(c.mode);
  for (int i = 0; i < c.hostSlots(); ++i) host.push_back(std::make_unique<HostBuffer>(bytes, pinned));
  int ringSize = prefetches(c.mode) ? c.depth : 1;
  for (int k = 0; k < ringSize; ++k) {
    void* p = nullptr;
    checkCuda(cudaMalloc(&p, bytes), "allocating the device input buffer");
    device.push_back(static_cast<std::uint8_t*>(p));
  }
  checkCuda(cudaStreamCreateWithFlags(&compute, cudaStreamNonBlocking), "creating the compute stream");
  if (prefetches(c.mode)) {
    checkCuda(cudaStreamCreateWithFlags(&copy, cudaStreamNonBlocking), "creating the copy stream");
    for (int k = 0; k < ringSize; ++k) {
      cudaEvent_t a = nullptr, b = nullptr;
      checkCuda(cudaEventCreateWithFlags(&a, cudaEventDisableTiming), "creating an event");
      checkCuda(cudaEventCreateWithFlags(&b, cudaEventDisableTiming), "creating an event");
      copied.push_back(a);
      consumed.push_back(b);
    }
  } else {
    copy = compute;
  }
  model.emplace(bytes, gpu.multiprocessors);
  model->setDepth(depth);
}

TrainingLoop::Impl::~Impl() {
  if (compute != nullptr) cudaStreamSynchronize(compute);
  if (copy != nullptr && copy != compute) cudaStreamSynchronize(copy);
  model.reset();
  for (cudaEvent_t e : copied) cudaEventDestroy(e);
  for (cudaEvent_t e : consumed) cudaEventDestroy(e);
  if (copy != nullptr && copy != compute) cudaStreamDestroy(copy);
  if (compute != nullptr) cudaStreamDestroy(compute);
  for (std::uint8_t* p : device) cudaFree(p);
}

// The plain for-loop: take a batch, copy it and wait for the copy (x.to('cuda')), train, loss.item().
void TrainingLoop::Impl::runSynchronous(BatchLoader& loader, const StepCallback& onStep) {
  for (int s = 0; s < config.steps; ++s) {
    trace::TimeNs start = trace::monotonicNowNs();
    {
      NvtxStep range(s);
      ReadyBatch batch = loader.next();
      checkCuda(cudaMemcpyAsync(device[0], batch.data.data(), bytes, cudaMemcpyHostToDevice, compute),
                "copying a batch to the GPU");
      checkCuda(cudaStreamSynchronize(compute), "waiting for the batch copy");
      loader.release(batch.slot);
      model->enqueueStep(compute, device[0], batch.stats, train);
      last_loss = model->waitLoss(compute);
    }
    lanes.step(start, trace::monotonicNowNs(), static_cast<std::uint64_t>(s));
    if (onStep) onStep(s + 1, config.steps);
  }
}

// The prefetching while-loop: batch s+depth-1 is copied on the copy stream while batch s trains;
// events order the copy into a ring slot after the compute that last read it.
void TrainingLoop::Impl::runPrefetching(BatchLoader& loader, const StepCallback& onStep) {
  const int ring = static_cast<int>(device.size());
  std::vector<ReadyBatch> inFlight(static_cast<std::size_t>(ring));
  auto preload = [&](int batchIndex) {
    auto k = static_cast<std::size_t>(batchIndex % ring);
    ReadyBatch batch = loader.next();
    checkCuda(cudaStreamWaitEvent(copy, consumed[k], 0), "ordering the copy after the compute");
    // From pinned memory this returns at once; from pageable memory it blocks the host while CUDA
    // stages the bytes, which is the point of the on-pageable mode.
    checkCuda(cudaMemcpyAsync(device[k], batch.data.data(), bytes, cudaMemcpyHostToDevice, copy),
              "copying a batch to the GPU");
    checkCuda(cudaEventRecord(copied[k], copy), "recording the copy event");
    inFlight[k] = batch;
  };
  for (int b = 0; b < ring - 1 && b < config.steps; ++b) preload(b);
  for (int s = 0; s < config.steps; ++s) {
    trace::TimeNs start = trace::monotonicNowNs();
    {
      NvtxStep range(s);
      if (s + ring - 1 < config.steps) preload(s + ring - 1);
      auto k = static_cast<std::size_t>(s % ring);
      checkCuda(cudaStreamWaitEvent(compute, copied[k], 0), "waiting for the batch on the compute stream");
      model->enqueueStep(compute, device[k], inFlight[k].stats, train);
      checkCuda(cudaEventRecord(consumed[k], compute), "recording the compute event");
      last_loss = model->waitLoss(compute);
      loader.release(inFlight[k].slot);  // its copy finished before the compute that just ended
    }
    lanes.step(start, trace::monotonicNowNs(), static_cast<std::uint64_t>(s));
    if (onStep) onStep(s + 1, config.steps);
  }
}

TrainingLoop::TrainingLoop(const WorkloadConfig& config, int modelDepth)
    : impl_(std::make_unique<Impl>(config, modelDepth)) {}

TrainingLoop::~TrainingLoop() = default;

void TrainingLoop::run(const StepCallback& onStep) {
  Impl& i = *impl_;
  i.tid = static_cast<std::int64_t>(::syscall(SYS_gettid));
  std::vector<std::span<std::uint8_t>> slots;
  for (const auto& h : i.host) slots.push_back(h->span());
  BatchLoader::Options options;
  options.workers = i.config.workers;
  options.cpu_budget_ns = static_cast<trace::TimeNs>(i.config.load_ms * 1e6);
  options.batches = static_cast<std::uint64_t>(i.config.steps);
  BatchLoader loader(std::move(slots), options, i.lanes);
  if (prefetches(i.config.mode)) {
    i.runPrefetching(loader, onStep);
  } else {
    i.runSynchronous(loader, onStep);
  }
  checkCuda(cudaDeviceSynchronize(), "finishing the last step");
}

const HostLanes& TrainingLoop::lanes() const {
  return impl_->lanes;
}
std::int64_t TrainingLoop::pid() const {
  return impl_->pid;
}
std::int64_t TrainingLoop::mainTid() const {
  return impl_->tid;
}
void* TrainingLoop::computeStream() const {
  return impl_->compute;
}
void* TrainingLoop::copyStream() const {
  return impl_->copy;
}
float TrainingLoop::lastLoss() const {
  return impl_->last_loss;
}

}  // namespace feedscope::workload
