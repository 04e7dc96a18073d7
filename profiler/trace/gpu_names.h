// What a GPU is called, from what a trace says of it (Kineto's deviceProperties). NVIDIA drivers name
// the product ("NVIDIA H200"); ROCm often names only the family ("AMD Radeon Graphics") or nothing,
// while its architecture (computeMajor.computeMinor: gfx94x, gfx90a, ...), compute units and memory
// say which Instinct it is. The link table (analysis/link_bandwidth.h) reads the name, so an MI300X
// named "AMD Radeon Graphics" would otherwise be a "GPU not in the table".
#pragma once

#include <cstdint>
#include <string>

namespace feedscope::trace {

struct GpuProperties {
  std::string name;                // as the trace gives it ("" when it gives none)
  std::int64_t compute_major = -1;  // -1: not given
  std::int64_t compute_minor = -1;
  std::int64_t multiprocessors = 0;  // SMs, or compute units on AMD (Kineto's numSms)
  std::int64_t memory_bytes = 0;     // totalGlobalMem
  std::int64_t warp_size = 0;        // 64 on AMD Instinct (a wavefront), 32 on NVIDIA
};

// The name to show and to look links up by: the trace's own when it names the product; for an AMD GPU
// it names only generically, the Instinct model its architecture, compute units and memory identify
// ("AMD Instinct MI300X (gfx942: 304 CUs, 192 GiB)"), or the architecture alone when they identify none.
std::string gpuDisplayName(const GpuProperties& gpu);

}  // namespace feedscope::trace
