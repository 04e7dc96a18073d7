// A synthetic training run of any size for benchmarks: per step a copy on a copy stream, kernels on
// a compute stream, the API call of every GPU operation on the main thread, a data-loading range and
// a step range — the shape of a real PyTorch loop, scaled up.
#pragma once

#include <cstdint>
#include <random>

#include "trace/api_calls.h"
#include "trace/run_builder.h"
#include "trace/session.h"

namespace feedscope::bench {

// About `targetIntervals` intervals in one run (each kernel and copy also has its API call).
inline trace::Session makeSyntheticRun(std::size_t targetIntervals, std::uint32_t seed = 42) {
  using trace::IntervalKind;
  trace::Session session;
  trace::RunBuilder b("synthetic");
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> jitter(0, 400);
  const std::size_t compute = b.gpuTrack(0, 7), copies = b.gpuTrack(0, 8), host = b.hostTrack(1, 1);
  const trace::StringId kernelName = session.strings.intern("void gemm_kernel<float>(...)");
  const trace::StringId launch = session.strings.intern("cudaLaunchKernel");
  const trace::StringId memcpy = session.strings.intern("cudaMemcpyAsync");
  const trace::StringId sync = session.strings.intern("cudaStreamSynchronize");
  const trace::StringId loader = session.strings.intern("enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__");
  constexpr int kKernelsPerStep = 48;
  const std::size_t perStep = 2 * (kKernelsPerStep + 1) + 3;  // ops + their API calls, sync, loader, step
  const std::size_t steps = targetIntervals / perStep + 1;
  std::uint32_t corr = 1;
  trace::TimeNs t = 1'000'000'000;
  for (std::size_t s = 0; s < steps; ++s) {
    trace::TimeNs stepStart = t;
    b.add(host, {t, t + 200'000 + jitter(rng) * 100, IntervalKind::DataLoading, 0, {}, {}, loader});
    t += 200'000;
    trace::Interval api{t, t + 5'000, IntervalKind::RuntimeApi, 0, {}, {}, memcpy, corr};
    b.add(host, api);
    trace::Interval copy{t + 2'000, t + 300'000, IntervalKind::MemcpyHtoD, 16u << 20,
                         s % 3 == 0 ? trace::MemoryKind::Pageable : trace::MemoryKind::Pinned,
                         trace::MemoryKind::Device, 0, corr++};
    b.add(copies, copy);
    trace::TimeNs gpu = t + 100'000;
    for (int k = 0; k < kKernelsPerStep; ++k) {
      trace::TimeNs issue = t + 6'000 + k * 4'000;
      b.add(host, {issue, issue + 3'000, IntervalKind::RuntimeApi, 0, {}, {}, launch, corr});
      trace::TimeNs start = std::max(gpu + 2'000 + jitter(rng), issue + 4'000);
      trace::TimeNs end = start + 20'000 + jitter(rng) * 50;
      b.add(compute, {start, end, IntervalKind::Kernel, 0, {}, {}, kernelName, corr++});
      gpu = end;
    }
    b.add(host, {t + 6'000 + kKernelsPerStep * 4'000, gpu + 3'000, IntervalKind::RuntimeApi, 0, {}, {}, sync, corr++});
    t = gpu + 10'000;
    b.add(host, {stepStart, t, IntervalKind::Step, 0, {}, {}, session.strings.intern("ProfilerStep#" + std::to_string(s))});
  }
  session.runs.push_back(b.finish());
  trace::markApiCalls(session.runs.back(), session.strings);  // as an importer flags its calls
  return session;
}

}  // namespace feedscope::bench
