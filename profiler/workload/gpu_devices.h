// The CUDA GPUs of this machine (feedscope devices), and the one-line reason when there are none.
// CUDA-free header.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace feedscope::workload {

struct GpuDevice {
  int index = 0;
  std::string name;  // "NVIDIA H200"
  std::string uuid;  // "GPU-5bd7dd7e-..."
  std::uint64_t memory_bytes = 0;
  std::string pci_bus_id;  // "0000:3b:00.0"
  int compute_major = 0;
  int compute_minor = 0;
  int multiprocessors = 0;
};

struct CudaVersions {
  int driver = 0;   // 13000 for CUDA 13.0; 0 without a driver
  int runtime = 0;  // the runtime this build carries
};

// Every GPU CUDA can use; throws NoGpuError with one line (no driver, driver too old, no GPU).
std::vector<GpuDevice> listGpus();
// listGpus()[index], or NoGpuError naming the devices there are.
GpuDevice requireGpu(int index);
CudaVersions cudaVersions();
// "13.0" from 13000.
std::string formatCudaVersion(int version);

}  // namespace feedscope::workload
