// The step loop of each prefetch mode.
#include "workload/training_loop.h"
#include "trace/clock.h"

#include <nvtx3/nvToolsExt.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <optional>
#include <string>
#include <vector>

#include "cupti/clock.h"
#include "workload/batch_loader.h"
#include "workload/cuda_check.h"
#include "workload/cuda_resources.h"
#include "workload/gpu_devices.h"
#include "workload/model.h"

namespace feedscope::workload {

namespace {

// A host buffer of one batch: pinned (cudaHostAlloc) or pageable (plain heap memory), as the mode says.
class HostBuffer {
 public:
  HostBuffer(std::uint64_t bytes, bool pinned) : bytes_(bytes) {
    if (pinned) {
      pinned_ = PinnedBuffer<std::uint8_t>(bytes, "allocating " + std::to_string(bytes >> 20) + " MiB of pinned memory");
    } else {
      pageable_ = PageableBuffer(bytes, "allocating " + std::to_string(bytes >> 20) + " MiB of host memory");
    }
  }
  std::span<std::uint8_t> span() const { return {pinned_.get() != nullptr ? pinned_.get() : pageable_.get(), bytes_}; }

 private:
  std::uint64_t bytes_;
  PinnedBuffer<std::uint8_t> pinned_;
  PageableBuffer pageable_;
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
  std::vector<HostBuffer> host;
  std::vector<DeviceBuffer<std::uint8_t>> device;  // the ring: one buffer in the synchronous modes
  std::optional<Stream> computeStream;
  std::optional<Stream> copyStream;  // only when prefetching: else copies share the compute stream
  cudaStream_t compute = nullptr;
  cudaStream_t copy = nullptr;
  std::vector<Event> copied;    // copy into ring slot k done
  std::vector<Event> consumed;  // compute done reading ring slot k
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
  for (int i = 0; i < c.hostSlots(); ++i) host.emplace_back(bytes, pinned);
  int ringSize = prefetches(c.mode) ? c.depth : 1;
  for (int k = 0; k < ringSize; ++k) device.emplace_back(bytes, "allocating the device input buffer");
  compute = computeStream.emplace("creating the compute stream").get();
  if (prefetches(c.mode)) {
    copy = copyStream.emplace("creating the copy stream").get();
    for (int k = 0; k < ringSize; ++k) {
      copied.emplace_back(cudaEventDisableTiming, "creating an event");
      consumed.emplace_back(cudaEventDisableTiming, "creating an event");
    }
  } else {
    copy = compute;
  }
  model.emplace(bytes, gpu.multiprocessors);
  model->setDepth(depth);
}

// Work still queued may read the buffers and record the events: wait for it, and free the model's
// memory, before the members free theirs.
TrainingLoop::Impl::~Impl() {
  if (compute != nullptr) cudaStreamSynchronize(compute);
  if (copy != nullptr && copy != compute) cudaStreamSynchronize(copy);
  model.reset();
}

// The plain for-loop: take a batch, copy it and wait for the copy (x.to('cuda')), train, loss.item().
void TrainingLoop::Impl::runSynchronous(BatchLoader& loader, const StepCallback& onStep) {
  for (int s = 0; s < config.steps; ++s) {
    trace::TimeNs start = trace::monotonicNowNs();
    {
      NvtxStep range(s);
      ReadyBatch batch = loader.next();
      checkCuda(cudaMemcpyAsync(device[0].get(), batch.data.data(), bytes, cudaMemcpyHostToDevice, compute),
                "copying a batch to the GPU");
      checkCuda(cudaStreamSynchronize(compute), "waiting for the batch copy");
      loader.release(batch.slot);
      model->enqueueStep(compute, device[0].get(), batch.stats, train);
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
    checkCuda(cudaStreamWaitEvent(copy, consumed[k].get(), 0), "ordering the copy after the compute");
    // From pinned memory this returns at once; from pageable memory it blocks the host while CUDA
    // stages the bytes, which is the point of the on-pageable mode.
    checkCuda(cudaMemcpyAsync(device[k].get(), batch.data.data(), bytes, cudaMemcpyHostToDevice, copy),
              "copying a batch to the GPU");
    checkCuda(cudaEventRecord(copied[k].get(), copy), "recording the copy event");
    inFlight[k] = batch;
  };
  for (int b = 0; b < ring - 1 && b < config.steps; ++b) preload(b);
  for (int s = 0; s < config.steps; ++s) {
    trace::TimeNs start = trace::monotonicNowNs();
    {
      NvtxStep range(s);
      if (s + ring - 1 < config.steps) preload(s + ring - 1);
      auto k = static_cast<std::size_t>(s % ring);
      checkCuda(cudaStreamWaitEvent(compute, copied[k].get(), 0), "waiting for the batch on the compute stream");
      model->enqueueStep(compute, device[k].get(), inFlight[k].stats, train);
      checkCuda(cudaEventRecord(consumed[k].get(), compute), "recording the compute event");
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
  for (const auto& h : i.host) slots.push_back(h.span());
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
