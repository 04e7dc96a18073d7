// A synthetic training run of a chosen size with the shape of a real one: per step a data-loading
// range, a loader batch, a host-to-device copy (pageable every other step), many kernels each with
// its launch call, a few memsets and a device-to-host copy. For benchmarks and large-session checks.
#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <string>

#include "trace/run_builder.h"
#include "trace/session.h"

namespace feedscope::bench {

inline trace::Session makeSyntheticSession(std::size_t targetIntervals, std::uint32_t seed = 1) {
  using trace::Interval;
  using trace::IntervalKind;
  using trace::MemoryKind;
  constexpr int kKernelsPerStep = 200;
  // Each step adds 2 intervals per kernel (kernel and launch call), a memset per 8 kernels and 6 more.
  constexpr std::size_t kIntervalsPerStep = 2 * kKernelsPerStep + kKernelsPerStep / 8 + 6;
  const std::size_t steps = std::max<std::size_t>(1, targetIntervals / kIntervalsPerStep);

  trace::Session session;
  trace::RunBuilder builder("synthetic");
  std::mt19937 rng(seed);
  std::uniform_int_distribution<trace::TimeNs> kernelNs(4'000, 30'000), gapNs(500, 3'000);
  const std::size_t gpu = builder.gpuTrack(0, 7);
  const std::size_t host = builder.hostTrack(1000, 1000);
  const std::size_t loader = builder.loaderTrack(0);
  std::array<trace::StringId, 8> kernelNames{};
  for (std::size_t k = 0; k < kernelNames.size(); ++k) {
    kernelNames[k] =
        session.strings.intern("void synthetic_kernel_" + std::to_string(k) + "<float>(float*, int)");
  }
  const trace::StringId launch = session.strings.intern("cudaLaunchKernel");
  const trace::StringId loading =
      session.strings.intern("enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__");
  const trace::StringId batch = session.strings.intern("load batch");
  std::uint32_t correlation = 1;
  trace::TimeNs t = 1'000'000'000;
  for (std::size_t s = 0; s < steps; ++s) {
    const trace::TimeNs stepStart = t;
    const bool pageable = s % 2 == 1;
    const trace::TimeNs copyNs = pageable ? 900'000 : 350'000;
    Interval wait{t, t + 200'000, IntervalKind::DataLoading};
    wait.name = loading;
    builder.add(host, wait);
    Interval work{t - 2'000'000, t + 150'000, IntervalKind::LoaderWork};
    work.name = batch;
    builder.add(loader, work);
    t += 200'000;
    Interval copy{t,
                  t + copyNs,
                  IntervalKind::MemcpyHtoD,
                  16u << 20,
                  pageable ? MemoryKind::Pageable : MemoryKind::Pinned,
                  MemoryKind::Device};
    copy.correlation = correlation++;
    builder.add(gpu, copy);
    t += copyNs + gapNs(rng);
    for (int k = 0; k < kKernelsPerStep; ++k) {
      const trace::TimeNs len = kernelNs(rng);
      Interval api{t - 5'000, t - 3'000, IntervalKind::RuntimeApi};
      api.name = launch;
      api.correlation = correlation;
      builder.add(host, api);
      Interval kernel{t, t + len, IntervalKind::Kernel};
      kernel.name = kernelNames[static_cast<std::size_t>(k) % kernelNames.size()];
      kernel.correlation = correlation++;
      builder.add(gpu, kernel);
      t += len + gapNs(rng);
      if (k % 8 == 7) {
        builder.add(gpu, Interval{t, t + 1'500, IntervalKind::Memset, 4096});
        t += 1'500 + gapNs(rng);
      }
    }
    builder.add(gpu,
                Interval{t, t + 4'000, IntervalKind::MemcpyDtoH, 64, MemoryKind::Device, MemoryKind::Pinned});
    t += 4'000 + gapNs(rng);
    Interval step{stepStart, t, IntervalKind::Step};
    step.name = session.strings.intern("ProfilerStep#" + std::to_string(s));
    builder.add(host, step);
  }
  session.runs.push_back(builder.finish());
  return session;
}

}  // namespace feedscope::bench
