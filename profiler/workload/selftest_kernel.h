// The self-test's named kernel, launched from C++ (the kernel itself is compiled by nvcc).
#pragma once

#include <cuda_runtime.h>

namespace feedscope::workload {

// Threads per block of the launch; blocks: enough for `n` (what the recording's launch configuration
// must say, workload/selftest.h).
inline constexpr int kSelftestBlockThreads = 256;
constexpr int selftestBlocks(int n) { return (n + kSelftestBlockThreads - 1) / kSelftestBlockThreads; }

// Launches feedscopeSelftestKernel over `n` floats of `data` on `stream`.
cudaError_t launchSelftestKernel(cudaStream_t stream, float* data, int n);
// The same launch through the driver's cuLaunchKernel, found as cuBLAS and Triton find it (through the
// runtime's driver entry point, so nothing links libcuda): its record is a driver call.
cudaError_t launchSelftestKernelThroughDriver(cudaStream_t stream, float* data, int n);

}  // namespace feedscope::workload
