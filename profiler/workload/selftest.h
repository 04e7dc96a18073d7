// The collector's self-test: GPU work whose records are known in advance (a named kernel, copies of
// known sizes from pageable and pinned memory, a memset, an NVTX range), and a check of a recorded run
// against it. Tracing that silently stops recording is a known failure (JuliaGPU/CUDA.jl#2328): this
// is how the GPU machine proves it records. CUDA-free header.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "trace/run.h"
#include "trace/string_table.h"

namespace feedscope::workload {

// One operation the self-test issued, in issue order.
struct ExpectedOperation {
  trace::IntervalKind kind = trace::IntervalKind::Kernel;
  std::uint64_t bytes = 0;                              // copies and memsets
  trace::MemoryKind host = trace::MemoryKind::Unknown;  // host side of a copy
  std::string name_contains;                            // kernels: part of the demangled name
  std::string api;  // the runtime or driver call that issued it ("cudaMemcpyAsync", "cuLaunchKernel")
  std::string arguments_contain;  // kernels: part of its arguments' text, its launch configuration
};

struct KnownWork {
  std::vector<ExpectedOperation> operations;
  std::string range_name;         // the NVTX range pushed around the work
  trace::TimeNs started_ns = 0;   // CLOCK_MONOTONIC before the first call
  trace::TimeNs finished_ns = 0;  // and after the last one returned
  std::int64_t pid = 0;
  std::int64_t tid = 0;
};

// Issues the known work on GPU `device` and waits for it. Throws NoGpuError / GpuError.
KnownWork runKnownWork(int device);

// What is wrong with `run` as a recording of `work`, one sentence each; empty when it is right: every
// operation present once on the GPU with its kind, bytes and host memory, in issue order, inside the
// time the work took on CLOCK_MONOTONIC, each with a runtime or driver call of the right name and correlation id
// on the issuing thread; the NVTX range when `expectRange`.
std::vector<std::string> checkKnownWork(const trace::Run& run, const trace::StringTable& strings,
                                        const KnownWork& work, bool expectRange);

}  // namespace feedscope::workload
