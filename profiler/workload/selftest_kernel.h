// The self-test's named kernel, launched from C++ (the kernel itself is compiled by nvcc).
#pragma once

#include <cuda_runtime.h>

namespace feedscope::workload {

// Launches feedscopeSelftestKernel over `n` floats of `data` on `stream`.
cudaError_t launchSelftestKernel(cudaStream_t stream, float* data, int n);

}  // namespace feedscope::workload
