// Device discovery through the CUDA runtime.
#include "workload/gpu_devices.h"

#include <cuda_runtime.h>

#include <cctype>

#include "cupti/gpu_uuid.h"
#include "workload/cuda_check.h"

namespace feedscope::workload {

std::string formatCudaVersion(int version) {
  return std::to_string(version / 1000) + "." + std::to_string((version % 1000) / 10);
}

CudaVersions cudaVersions() {
  CudaVersions v;
  if (cudaDriverGetVersion(&v.driver) != cudaSuccess) v.driver = 0;
  if (cudaRuntimeGetVersion(&v.runtime) != cudaSuccess) v.runtime = 0;
  return v;
}

std::vector<GpuDevice> listGpus() {
  int count = 0;
  cudaError_t r = cudaGetDeviceCount(&count);
  if (r == cudaErrorInsufficientDriver) {
    CudaVersions v = cudaVersions();
    if (v.driver == 0)
      throw NoGpuError("no CUDA driver on this machine (libcuda.so.1 was not found): no GPU to use");
    throw NoGpuError("the CUDA driver supports CUDA " + formatCudaVersion(v.driver) +
                     ", older than the CUDA " + formatCudaVersion(v.runtime) +
                     " this build needs: update the NVIDIA driver");
  }
  if (r == cudaErrorNoDevice || (r == cudaSuccess && count == 0)) {
    throw NoGpuError(
        "the CUDA driver is installed but sees no GPU (check CUDA_VISIBLE_DEVICES and nvidia-smi)");
  }
  if (r != cudaSuccess) {
    throw NoGpuError(std::string("CUDA cannot use a GPU here: ") + cudaGetErrorString(r) + " (" +
                     cudaGetErrorName(r) + ")");
  }
  std::vector<GpuDevice> devices;
  for (int i = 0; i < count; ++i) {
    cudaDeviceProp p{};
    checkCuda(cudaGetDeviceProperties(&p, i), "reading the properties of GPU " + std::to_string(i));
    GpuDevice d;
    d.index = i;
    d.name = p.name;
    d.uuid = cupti::formatUuid(p.uuid);  // cudaUUID_t is CUuuid
    d.memory_bytes = p.totalGlobalMem;
    d.compute_major = p.major;
    d.compute_minor = p.minor;
    d.multiprocessors = p.multiProcessorCount;
    char bus[32] = {};
    if (cudaDeviceGetPCIBusId(bus, sizeof bus, i) == cudaSuccess) {
      d.pci_bus_id = bus;
      for (char& c : d.pci_bus_id) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    devices.push_back(std::move(d));
  }
  return devices;
}

GpuDevice requireGpu(int index) {
  std::vector<GpuDevice> devices = listGpus();
  if (index < 0 || index >= static_cast<int>(devices.size())) {
    throw NoGpuError("there is no GPU " + std::to_string(index) + " (this machine has " +
                     std::to_string(devices.size()) + ": 0 to " + std::to_string(devices.size() - 1) + ")");
  }
  return devices[static_cast<std::size_t>(index)];
}

}  // namespace feedscope::workload
