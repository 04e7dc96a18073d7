// Kernels of the synthetic model and their timing.
#include <algorithm>
#include <cmath>
#include <vector>

#include "workload/cuda_check.h"
#include "workload/model.h"

namespace feedscope::workload {

namespace {

// One weight per lane of a block: the grid stride is a multiple of it, so thread t always meets
// weight t and needs no atomics until the end.
constexpr unsigned kThreads = 256;

__device__ __forceinline__ float softsign(float v) {
  return __fdividef(v, 1.0f + fabsf(v));
}

__device__ __forceinline__ void blockSum(float value, float* shared, float* out) {
  shared[threadIdx.x] = value;
  __syncthreads();
  for (unsigned s = kThreads / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) shared[threadIdx.x] += shared[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) *out = shared[0];
}

__global__ void forwardKernel(const std::uint8_t* __restrict__ pixels, std::uint64_t n,
                              const float* __restrict__ weights, float mean, float invStd, int depth,
                              float* __restrict__ activations, float* __restrict__ lossPartials) {
  __shared__ float shared[kThreads];
  const float w = weights[threadIdx.x];
  float sum = 0.0f;
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * kThreads;
  for (std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * kThreads + threadIdx.x; i < n;
       i += stride) {
    float v = (static_cast<float>(pixels[i]) - mean) * invStd;
    for (int d = 0; d < depth; ++d) v = softsign(fmaf(v, w, 0.1f));
    activations[i] = v;
    sum += v * v;
  }
  blockSum(sum, shared, &lossPartials[blockIdx.x]);
}

__global__ void backwardKernel(const std::uint8_t* __restrict__ pixels, const float* __restrict__ activations,
                               std::uint64_t n, const float* __restrict__ weights, float mean, float invStd,
                               int depth, float* __restrict__ gradients) {
  const float w = weights[threadIdx.x];
  float gradient = 0.0f;
  const std::uint64_t stride = static_cast<std::uint64_t>(gridDim.x) * kThreads;
  for (std::uint64_t i = static_cast<std::uint64_t>(blockIdx.x) * kThreads + threadIdx.x; i < n;
       i += stride) {
    float v = (static_cast<float>(pixels[i]) - mean) * invStd;
    float upstream = 2.0f * activations[i];  // d(mean of squares) / d(activation), up to 1/n
    for (int d = 0; d < 2 * depth; ++d) {
      float pre = fmaf(v, w, 0.1f);
      float s = __fdividef(1.0f, 1.0f + fabsf(pre));
      gradient = fmaf(upstream * s * s, v, gradient);
      upstream *= s * s * w;
      v = pre * s;
    }
  }
  atomicAdd(&gradients[threadIdx.x], gradient);
}

__global__ void updateKernel(float* weights, float* gradients, float learningRate, float scale) {
  float w = weights[threadIdx.x] - learningRate * gradients[threadIdx.x] * scale;
  weights[threadIdx.x] = fminf(fmaxf(w, -0.99f), 0.99f);
  gradients[threadIdx.x] = 0.0f;
}

__global__ void lossKernel(const float* __restrict__ partials, unsigned count, float scale, float* loss) {
  __shared__ float shared[kThreads];
  float sum = 0.0f;
  for (unsigned i = threadIdx.x; i < count; i += kThreads) sum += partials[i];
  blockSum(sum, shared, loss);
  if (threadIdx.x == 0) *loss *= scale;
}

}  // namespace

SyntheticModel::SyntheticModel(std::uint64_t batchBytes, int multiprocessors) : elements_(batchBytes) {
  std::uint64_t wanted = (elements_ + kThreads - 1) / kThreads;
  blocks_ = static_cast<unsigned>(
      std::max<std::uint64_t>(1, std::min<std::uint64_t>(wanted, 8ull * std::max(1, multiprocessors))));
  weights_ = DeviceBuffer<float>(kThreads, "allocating the model's weights");
  gradients_ = DeviceBuffer<float>(kThreads, "allocating the model's gradients");
  activations_ = DeviceBuffer<float>(elements_, "allocating the model's activations");
  loss_partials_ = DeviceBuffer<float>(blocks_, "allocating the model's loss partials");
  loss_ = DeviceBuffer<float>(1, "allocating the model's loss");
  host_loss_ = PinnedBuffer<float>(1, "allocating the pinned loss");
  std::vector<float> initial(kThreads);
  for (unsigned i = 0; i < kThreads; ++i) initial[i] = 0.5f + 0.4f * std::sin(static_cast<float>(i));
  checkCuda(cudaMemcpy(weights_.get(), initial.data(), kThreads * sizeof(float), cudaMemcpyHostToDevice),
            "initialising weights");
  checkCuda(cudaMemset(gradients_.get(), 0, kThreads * sizeof(float)), "clearing gradients");
}

void SyntheticModel::enqueueStep(cudaStream_t stream, const std::uint8_t* input, NormalizationStats stats,
                                 bool train) {
  float scale = 1.0f / static_cast<float>(elements_);
  forwardKernel<<<blocks_, kThreads, 0, stream>>>(input, elements_, weights_.get(), stats.mean, stats.inv_std,
                                                  depth_, activations_.get(), loss_partials_.get());
  checkCuda(cudaGetLastError(), "launching the forward pass");
  if (train) {
    backwardKernel<<<blocks_, kThreads, 0, stream>>>(input, activations_.get(), elements_, weights_.get(), stats.mean,
                                                     stats.inv_std, depth_, gradients_.get());
    checkCuda(cudaGetLastError(), "launching the backward pass");
    updateKernel<<<1, kThreads, 0, stream>>>(weights_.get(), gradients_.get(), 0.01f, scale);
    checkCuda(cudaGetLastError(), "launching the optimizer update");
  }
  lossKernel<<<1, kThreads, 0, stream>>>(loss_partials_.get(), blocks_, scale, loss_.get());
  checkCuda(cudaGetLastError(), "launching the loss reduction");
  checkCuda(cudaMemcpyAsync(host_loss_.get(), loss_.get(), sizeof(float), cudaMemcpyDeviceToHost, stream),
            "copying the loss");
}

float SyntheticModel::waitLoss(cudaStream_t stream) {
  checkCuda(cudaStreamSynchronize(stream), "waiting for the loss");
  return *host_loss_.get();
}

namespace {

// Median GPU time of `reps` steps at the model's depth.
trace::TimeNs timeSteps(SyntheticModel& model, cudaStream_t stream, const std::uint8_t* input, bool train,
                        int reps) {
  Event begin(cudaEventDefault, "creating a timing event");
  Event end(cudaEventDefault, "creating a timing event");
  std::vector<trace::TimeNs> times;
  NormalizationStats stats{127.5f, 1.0f / 73.9f};
  for (int r = 0; r < reps; ++r) {
    checkCuda(cudaEventRecord(begin.get(), stream), "recording a timing event");
    model.enqueueStep(stream, input, stats, train);
    checkCuda(cudaEventRecord(end.get(), stream), "recording a timing event");
    checkCuda(cudaEventSynchronize(end.get()), "timing the model");
    float ms = 0;
    checkCuda(cudaEventElapsedTime(&ms, begin.get(), end.get()), "timing the model");
    times.push_back(static_cast<trace::TimeNs>(static_cast<double>(ms) * 1e6));
  }
  std::nth_element(times.begin(), times.begin() + reps / 2, times.end());
  return times[static_cast<std::size_t>(reps / 2)];
}

}  // namespace

ModelTiming tuneModel(SyntheticModel& model, cudaStream_t stream, const std::uint8_t* input,
                      trace::TimeNs targetNs) {
  constexpr int kLow = 4, kHigh = 64, kReps = 5;
  model.setDepth(1);
  timeSteps(model, stream, input, true, 2);  // first launches load the kernels: not timed
  model.setDepth(kLow);
  double low = static_cast<double>(timeSteps(model, stream, input, true, kReps));
  model.setDepth(kHigh);
  double high = static_cast<double>(timeSteps(model, stream, input, true, kReps));
  double perLayer = std::max(1.0, (high - low) / (kHigh - kLow));
  double fixed = std::max(0.0, low - perLayer * kLow);
  double depth = (static_cast<double>(targetNs) - fixed) / perLayer;
  ModelTiming timing;
  timing.depth = static_cast<int>(std::clamp(std::lround(depth), 1l, 1'000'000l));
  model.setDepth(timing.depth);
  timing.train_ns = timeSteps(model, stream, input, true, kReps);
  timing.predict_ns = timeSteps(model, stream, input, false, kReps);
  return timing;
}

}  // namespace feedscope::workload
