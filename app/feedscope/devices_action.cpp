// feedscope devices with CUDA: the GPUs through the CUDA runtime.
#include <fmt/format.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "cli_contract/exit_codes.h"
#include "gpu_commands.h"
#include "trace/units.h"
#include "workload/gpu_devices.h"
#include "workload/gpu_error.h"
#include "user_messages.h"

namespace feedscope::cli {

int runDevices(const DevicesOptions& o) {
  std::vector<workload::GpuDevice> devices;
  try {
    devices = workload::listGpus();
  } catch (const workload::NoGpuError& e) {
    printError("{}", e.what());
    if (o.format == "json") printNoDevicesJson(e.what());
    return kExitNoGpu;
  }
  workload::CudaVersions v = workload::cudaVersions();
  if (o.format == "json") {
    nlohmann::json doc;
    doc["cuda_driver_version"] = workload::formatCudaVersion(v.driver);
    doc["cuda_runtime_version"] = workload::formatCudaVersion(v.runtime);
    doc["devices"] = nlohmann::json::array();
    for (const auto& d : devices) {
      doc["devices"].push_back(
          {{"index", d.index},
           {"name", d.name},
           {"uuid", d.uuid},
           {"memory_bytes", d.memory_bytes},
           {"pci_bus_id", d.pci_bus_id},
           {"compute_capability", fmt::format("{}.{}", d.compute_major, d.compute_minor)},
           {"multiprocessors", d.multiprocessors}});
    }
    fmt::print("{}\n", doc.dump(2));
    return kExitOk;
  }
  for (const auto& d : devices) {
    fmt::print("GPU {}: {}  {}  {}  PCI {}  compute {}.{}  {} SMs\n", d.index, d.name, d.uuid,
               trace::formatBytes(d.memory_bytes), d.pci_bus_id.empty() ? "unknown" : d.pci_bus_id,
               d.compute_major, d.compute_minor, d.multiprocessors);
  }
  fmt::print("CUDA driver {}, runtime {}\n", workload::formatCudaVersion(v.driver),
             workload::formatCudaVersion(v.runtime));
  return kExitOk;
}

}  // namespace feedscope::cli
