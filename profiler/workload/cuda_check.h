// Turning failed CUDA runtime calls into GpuError with what was being done. Internal to the workload.
#pragma once

#include <cuda_runtime.h>

#include <string>

#include "workload/gpu_error.h"

namespace feedscope::workload {

inline void checkCuda(cudaError_t result, const std::string& what) {
  if (result == cudaSuccess) return;
  throw GpuError(what + ": " + cudaGetErrorString(result) + " (" + cudaGetErrorName(result) + ")");
}

}  // namespace feedscope::workload
