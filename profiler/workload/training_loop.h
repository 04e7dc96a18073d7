// One run of the built-in training loop in one prefetch mode: loader workers, host buffers, the copy
// of every batch to the GPU as the mode says, the model's step, the host lanes. CUDA-free header.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "workload_config/config.h"
#include "workload/host_lanes.h"

namespace feedscope::workload {

class TrainingLoop {
 public:
  // Allocates host buffers (pinned or pageable, as the mode says), the device ring, streams, events
  // and the model at `modelDepth`. Throws GpuError.
  TrainingLoop(const WorkloadConfig& config, int modelDepth);
  ~TrainingLoop();
  TrainingLoop(const TrainingLoop&) = delete;
  TrainingLoop& operator=(const TrainingLoop&) = delete;

  using StepCallback = std::function<void(int stepsDone, int steps)>;
  // Starts the loader workers and runs every step; host lanes are recorded as it goes.
  void run(const StepCallback& onStep = {});

  const HostLanes& lanes() const;
  std::int64_t pid() const;
  std::int64_t mainTid() const;  // the thread that ran the steps (the one run() was called on)
  // The CUDA streams (cudaStream_t), for naming their lanes; the copy stream is the compute stream in
  // the synchronous modes.
  void* computeStream() const;
  void* copyStream() const;
  float lastLoss() const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace feedscope::workload
