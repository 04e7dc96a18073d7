// Errors of the GPU side of the workload, in one line each. CUDA-free.
#pragma once

#include <stdexcept>
#include <string>

namespace feedscope::workload {

// A CUDA call failed while the workload ran ("cudaMalloc of 256 MiB: out of memory").
class GpuError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// There is no GPU to run on: no driver, a driver too old, no device, or the device asked for does not
// exist. The CLI exits 3 on it.
class NoGpuError : public GpuError {
 public:
  using GpuError::GpuError;
};

}  // namespace feedscope::workload
