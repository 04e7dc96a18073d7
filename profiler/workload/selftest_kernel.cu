// The self-test's known kernel: its name is what the check looks for in the recording.
#include "workload/selftest_kernel.h"

#include <cuda.h>

namespace feedscope::workload {

__global__ void feedscopeSelftestKernel(float* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = data[i] * 2.0f + 1.0f;
}

cudaError_t launchSelftestKernel(cudaStream_t stream, float* data, int n) {
  feedscopeSelftestKernel<<<selftestBlocks(n), kSelftestBlockThreads, 0, stream>>>(data, n);
  return cudaGetLastError();
}

cudaError_t launchSelftestKernelThroughDriver(cudaStream_t stream, float* data, int n) {
  using LaunchKernel = CUresult (*)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                                    CUstream, void**, void**);
  void* entry = nullptr;
  cudaDriverEntryPointQueryResult found{};
  cudaError_t e = cudaGetDriverEntryPointByVersion("cuLaunchKernel", &entry, 12000, cudaEnableDefault, &found);
  if (e != cudaSuccess) return e;
  if (found != cudaDriverEntryPointSuccess || entry == nullptr) return cudaErrorSymbolNotFound;
  cudaFunction_t function = nullptr;
  if ((e = cudaGetFuncBySymbol(&function, reinterpret_cast<const void*>(&feedscopeSelftestKernel))) != cudaSuccess) {
    return e;
  }
  void* arguments[] = {&data, &n};
  CUresult r = reinterpret_cast<LaunchKernel>(entry)(reinterpret_cast<CUfunction>(function),
                                                     static_cast<unsigned>(selftestBlocks(n)), 1, 1,
                                                     kSelftestBlockThreads, 1, 1, 0,
                                                     reinterpret_cast<CUstream>(stream), arguments, nullptr);
  return r == CUDA_SUCCESS ? cudaSuccess : cudaErrorLaunchFailure;
}

}  // namespace feedscope::workload
