// Kineto-like traces of the ranks of one synchronous data-parallel job, with a chosen straggler, its
// cause and each rank's clock offset, so tests know the job's answers from the parameters alone.
//
// Every rank runs `steps` steps of the same shape, on the true clock (all ranks one clock):
//   host:  ProfilerStep#s [t0, E] ⊃ data loading [t0, t0+load] · `## forward ##` [.., +host]
//          · cudaMemcpyAsync [t1, t1+2 µs] · cudaLaunchKernel ×2 · cudaStreamSynchronize [.., E]
//   GPU:   H2D copy [t1+2 µs, +copy] · compute kernels (`kernels_per_step`, back to back, `compute` in all)
//          · the all-reduce kernel from the rank's arrival a = t1 + 2 µs + copy + compute to
//            E = max over ranks of a + transfer; the next step begins at E.
// The straggler's cause adds `extra_ns` every step to its load (data_loading), its `## forward ##`
// (host), its copy, from pageable memory (input_copy), or its kernels (compute); before_window starts
// its first step `extra_ns` late and adds nothing else. A rank's recorded times are the true ones plus
// its clock offset.
#pragma once
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace feedscope::testing {

struct JobSpec {
  int world_size = 8;
  int steps = 12;
  int straggler = -1;  // -1: a balanced job
  std::string cause = "data_loading";  // data_loading | input_copy | host | compute | before_window
  std::int64_t extra_ns = 8'000'000;
  std::vector<std::int64_t> clock_offset_ns;  // per rank; missing ranks 0
  std::int64_t load_ns = 2'000'000;
  std::int64_t host_ns = 1'000'000;
  std::int64_t copy_ns = 500'000;
  std::int64_t compute_ns = 8'000'000;
  std::int64_t transfer_ns = 1'000'000;
  int kernels_per_step = 4;
  std::int64_t start_ns = 10'000'000'000;  // the first step's start on the true clock
  // Jitter for a balanced job: rank r's compute in step s is longer by ((r * 7 + s * 3) % 5) × this.
  std::int64_t jitter_ns = 0;
  // Where the all-reduce's process group ("0") and sequence number (the step) are written: nowhere, on
  // the kernel (current Kineto), or on the record_param_comms range around its launch (older traces).
  enum class CollectiveArguments { None, OnKernel, OnLaunchingRange };
  CollectiveArguments collective_arguments = CollectiveArguments::None;
  // Per rank, the first step its capture holds (missing ranks 0): a rank whose profiler started later.
  std::vector<int> first_step;

  static constexpr std::int64_t kCallNs = 2'000;  // each launching call
  // One step of a rank that is not late (the shape above), and of the job with the straggler.
  std::int64_t baseStepNs() const { return load_ns + host_ns + kCallNs + copy_ns + compute_ns + transfer_ns; }
  std::int64_t offset(int rank) const {
    return rank < static_cast<int>(clock_offset_ns.size()) ? clock_offset_ns[static_cast<std::size_t>(rank)] : 0;
  }
  int firstStep(int rank) const {
    return rank < static_cast<int>(first_step.size()) ? first_step[static_cast<std::size_t>(rank)] : 0;
  }
};

namespace detail {

// Microseconds with three decimals: the nanoseconds exactly.
inline std::string micros(std::int64_t ns) {
  const bool negative = ns < 0;
  const std::uint64_t v = negative ? static_cast<std::uint64_t>(-ns) : static_cast<std::uint64_t>(ns);
  return fmt::format("{}{}.{:03}", negative ? "-" : "", v / 1000, v % 1000);
}

struct RankStepTimes {
  std::int64_t load, host, copy, compute;
};

inline RankStepTimes stepTimes(const JobSpec& spec, int rank, int step) {
  RankStepTimes t{spec.load_ns, spec.host_ns, spec.copy_ns, spec.compute_ns};
  t.compute += ((rank * 7 + step * 3) % 5) * spec.jitter_ns;
  if (rank != spec.straggler) return t;
  if (spec.cause == "data_loading") t.load += spec.extra_ns;
  if (spec.cause == "host") t.host += spec.extra_ns;
  if (spec.cause == "input_copy") t.copy += spec.extra_ns;
  if (spec.cause == "compute") t.compute += spec.extra_ns;
  return t;
}

}  // namespace detail

// The trace of `rank` (of spec.world_size; the generator computes every rank to know the ends).
inline std::string jobRankTrace(const JobSpec& spec, int rank) {
  using detail::micros;
  const int device = rank % 8;
  const std::int64_t offset = spec.offset(rank);
  const int pid = 1000 + rank, tid = 1000 + rank;
  const int computeStream = 7, ncclStream = 20;
  std::string events;
  events.reserve(static_cast<std::size_t>(spec.steps) * (700 + 200 * static_cast<std::size_t>(spec.kernels_per_step)));
  bool captured = true;  // false for the steps before this rank's capture began
  auto add = [&](const std::string& e) {
    if (!captured) return;
    if (!events.empty()) events += ",\n";
    events += e;
  };
  auto host = [&](const char* cat, const std::string& name, std::int64_t start, std::int64_t end, std::uint32_t corr) {
    add(fmt::format(R"({{"ph":"X","cat":"{}","name":"{}","pid":{},"tid":{},"ts":{},"dur":{},"args":{{"correlation":{}}}}})",
                    cat, name, pid, tid, micros(start + offset), micros(end - start), corr));
  };
  auto gpu = [&](const char* cat, const std::string& name, int stream, std::int64_t start, std::int64_t end,
                 std::uint32_t corr, std::uint64_t bytes, const std::string& more = {}) {
    add(fmt::format(
        R"({{"ph":"X","cat":"{}","name":"{}","pid":{},"tid":{},"ts":{},"dur":{},"args":{{"device":{},"stream":{},"correlation":{},"bytes":{}{}}}}})",
        cat, name, device, stream, micros(start + offset), micros(end - start), device, stream, corr, bytes, more));
  };
  std::vector<std::int64_t> t0(static_cast<std::size_t>(spec.world_size), spec.start_ns);
  if (spec.cause == "before_window" && spec.straggler >= 0) t0[static_cast<std::size_t>(spec.straggler)] += spec.extra_ns;
  std::uint32_t corr = 1;
  for (int s = 0; s < spec.steps; ++s) {
    captured = s >= spec.firstStep(rank);
    // Every rank's arrival, to know when the all-reduce ends.
    std::int64_t last = 0;
    for (int r = 0; r < spec.world_size; ++r) {
      const auto t = detail::stepTimes(spec, r, s);
      last = std::max(last, t0[static_cast<std::size_t>(r)] + t.load + t.host + JobSpec::kCallNs + t.copy + t.compute);
    }
    const std::int64_t end = last + spec.transfer_ns;
    const auto t = detail::stepTimes(spec, rank, s);
    const std::int64_t start = t0[static_cast<std::size_t>(rank)];
    const std::int64_t t1 = start + t.load + t.host;
    host("user_annotation", fmt::format("ProfilerStep#{}", s), start, end, 0);
    host("user_annotation", "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", start, start + t.load, 0);
    host("user_annotation", "## forward ##", start + t.load, t1, 0);
    const bool pageable = rank == spec.straggler && spec.cause == "input_copy";
    host("cuda_runtime", "cudaMemcpyAsync", t1, t1 + JobSpec::kCallNs, corr);
    std::int64_t g = t1 + JobSpec::kCallNs;
    gpu("gpu_memcpy", pageable ? "Memcpy HtoD (Pageable -> Device)" : "Memcpy HtoD (Pinned -> Device)", computeStream, g,
        g + t.copy, corr++, 64u << 20);
    g += t.copy;
    host("cuda_runtime", "cudaLaunchKernel", t1 + JobSpec::kCallNs, t1 + 2 * JobSpec::kCallNs, corr);
    for (int k = 0; k < spec.kernels_per_step; ++k) {
      const std::int64_t piece = t.compute / spec.kernels_per_step + (k == 0 ? t.compute % spec.kernels_per_step : 0);
      gpu("kernel", fmt::format("void gemm_kernel_{}<float>(float*)", k % 3), computeStream, g, g + piece, corr, 0);
      g += piece;
    }
    ++corr;
    const std::string identity = fmt::format(R"("Collective name":"allreduce","Process Group Name":"0","Seq":{})", s);
    using Where = JobSpec::CollectiveArguments;
    if (spec.collective_arguments == Where::OnLaunchingRange) {
      add(fmt::format(R"({{"ph":"X","cat":"cpu_op","name":"record_param_comms","pid":{},"tid":{},"ts":{},"dur":{},"args":{{{}}}}})",
                      pid, tid, micros(t1 + 2 * JobSpec::kCallNs + offset), micros(JobSpec::kCallNs), identity));
    }
    host("cuda_runtime", "cudaLaunchKernel", t1 + 2 * JobSpec::kCallNs, t1 + 3 * JobSpec::kCallNs, corr);
    gpu("kernel", "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)", ncclStream, g, end,
        corr++, 0, spec.collective_arguments == Where::OnKernel ? "," + identity : std::string());
    host("cuda_runtime", "cudaStreamSynchronize", t1 + 3 * JobSpec::kCallNs, end, corr++);
    for (auto& x : t0) x = end;
  }
  return fmt::format(
      R"({{"schemaVersion":1,"distributedInfo":{{"backend":"nccl","rank":{},"world_size":{}}},)"
      R"("deviceProperties":[{{"id":{},"name":"NVIDIA H100 80GB HBM3"}}],"traceEvents":[
{}
]}})",
      rank, spec.world_size, device, events);
}

}  // namespace feedscope::testing
