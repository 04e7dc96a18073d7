// A kernel's launch configuration as event arguments (trace/arguments.h), under the names Kineto
// gives the same figures ("grid", "block", "registers per thread", "shared memory" = static + dynamic),
// so that Details and exports read alike whether the kernel came from Kineto, an Nsight Systems
// export (importers/nsys_import.cpp) or Feedscope's own CUPTI collector (cupti/record_decoder.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace feedscope::trace {

struct KernelLaunch {
  std::optional<std::array<std::int64_t, 3>> grid;   // blocks in x, y, z
  std::optional<std::array<std::int64_t, 3>> block;  // threads per block in x, y, z
  std::optional<std::int64_t> registers_per_thread;
  std::optional<std::int64_t> static_shared_bytes;
  std::optional<std::int64_t> dynamic_shared_bytes;
};

// The arguments' JSON object text: `{"grid": [x, y, z], "block": [...], "registers per thread": N,
// "shared memory": S + D, "static shared memory": S, "dynamic shared memory": D}`, each only when
// known; "" when nothing is.
std::string kernelLaunchArguments(const KernelLaunch& launch);

}  // namespace feedscope::trace
