// The self-test's known kernel: its name is what the check looks for in the recording.
#include "workload/selftest_kernel.h"

namespace feedscope::workload {

__global__ void feedscopeSelftestKernel(float* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = data[i] * 2.0f + 1.0f;
}

cudaError_t launchSelftestKernel(cudaStream_t stream, float* data, int n) {
  feedscopeSelftestKernel<<<selftestBlocks(n), kSelftestBlockThreads, 0, stream>>>(data, n);
  return cudaGetLastError();
}

}  // namespace feedscope::workload
