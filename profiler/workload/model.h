// The workload's model: real GPU work per step on the copied batch (forward; in training also
// backward and an optimizer update), ending like loss.item() with a host sync on the loss. Own
// kernels, not cuBLAS, so the binary needs nothing beyond the CUDA runtime on the GPU machine.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "trace/types.h"
#include "workload/cuda_resources.h"
#include "workload/normalization.h"

namespace feedscope::workload {

// Each element of the batch goes through `depth` layers (multiply-add with a weight, then a softsign)
// in the forward pass; the backward pass runs twice as many on the way back, as backward passes cost
// about twice the forward. The depth is what makes a step take compute_ms.
class SyntheticModel {
 public:
  SyntheticModel(std::uint64_t batchBytes, int multiprocessors);
  SyntheticModel(const SyntheticModel&) = delete;
  SyntheticModel& operator=(const SyntheticModel&) = delete;

  void setDepth(int depth) { depth_ = depth; }
  int depth() const { return depth_; }

  // Queues the step's GPU work on `stream`, reading `input` (batchBytes of pixels on the device), and
  // the copy of the loss into host memory.
  void enqueueStep(cudaStream_t stream, const std::uint8_t* input, NormalizationStats stats, bool train);
  // Waits for the loss as loss.item() does (the stream is synchronized) and returns it.
  float waitLoss(cudaStream_t stream);

 private:
  std::uint64_t elements_;
  unsigned blocks_;
  int depth_ = 1;
  DeviceBuffer<float> weights_;
  DeviceBuffer<float> gradients_;
  DeviceBuffer<float> activations_;
  DeviceBuffer<float> loss_partials_;
  DeviceBuffer<float> loss_;
  PinnedBuffer<float> host_loss_;  // pinned, so the loss copy is a real async D2H
};

struct ModelTiming {
  int depth = 1;
  trace::TimeNs train_ns = 0;    // forward + backward + update + loss, measured with CUDA events
  trace::TimeNs predict_ns = 0;  // forward + loss
};

// Finds the depth at which a training step's GPU work takes about `targetNs` on this GPU (two timed
// depths, a straight line through them), sets it, and measures both phases at it.
ModelTiming tuneModel(SyntheticModel& model, cudaStream_t stream, const std::uint8_t* input,
                      trace::TimeNs targetNs);

}  // namespace feedscope::workload
