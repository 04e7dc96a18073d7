// The kernels that took the most GPU time on a device: the "what was the GPU doing" table of the
// HTML report (Nsight's CUDA kernel summary, in short).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/span_set.h"
#include "trace/run.h"
#include "trace/string_table.h"

namespace feedscope::report {

struct KernelTotal {
  std::string name;
  std::uint64_t count = 0;
  trace::TimeNs total_ns = 0;  // summed durations: concurrent kernels each count in full
};

// Kernels of `device` starting inside `window`, grouped by name, the largest total first (ties by
// name); at most `limit` entries.
std::vector<KernelTotal> busiestKernels(const trace::Run& run, const trace::StringTable& strings,
                                        std::int32_t device, analysis::Span window, std::size_t limit);

}  // namespace feedscope::report
