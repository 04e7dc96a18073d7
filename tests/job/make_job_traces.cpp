// Writes the rank traces of a generated job into a folder, one trace a rank, for tools/bench-job.sh,
// the README's job excerpt and trying the job report by hand. Two generators:
//
//   make_job_traces DIR [world_size] [steps] [straggler|-1] [cause] [kernels_per_step] [extra_ms]
//     one all-reduce a step after the step's kernels (tests/support/job_generator.h), trace_rankN.json;
//     rank r's recorded clock is (r × 3.7 ms mod 20 ms) − 10 ms off the true one.
//
//   make_job_traces --shape dp|tp|tp-strided|hsdp|dlrm[+prefetch][+sync][+launches] DIR [world_size]
//                   [steps] [late_rank|-1|rotate] [where] [extra_ms] [group_size] [buckets] [capture] [day]
//     a simulated DDP / tensor-parallel / HSDP / torchrec DLRM job (tests/support/job_simulation.h):
//     gradient buckets all-reduced beside backward kernels, all-gathers in tensor-parallel or shard
//     groups, DLRM's all-to-alls of pooled embeddings beside the dense layers; `+prefetch` issues each
//     all-gather a layer ahead, `+sync` makes the host synchronise after each work.wait() (waking 8 µs
//     after the GPU, launching 20 µs later; the GPU sees an event 4 µs after it fires), `+launches`
//     keeps only the launching calls of the CUDA runtime in the traces (a trace filter's); the late
//     rank's `where` (load, host, copy, compute, before_window) takes extra_ms longer every step, or
//     with `rotate` a different rank each step. Files rankN.json, or rankN_CAPTURE.json with a capture
//     name; a capture `day` days later begins at step 500 × day (two captures in one folder: run it
//     twice, "mon" 0 and "tue" 1).
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "support/job_generator.h"
#include "support/job_simulation.h"

namespace {

int simple(int argc, char** argv) {
  feedscope::testing::JobSpec spec;
  const std::filesystem::path dir = argv[1];
  if (argc > 2) spec.world_size = std::atoi(argv[2]);
  if (argc > 3) spec.steps = std::atoi(argv[3]);
  if (argc > 4) spec.straggler = std::atoi(argv[4]);
  if (argc > 5) spec.cause = argv[5];
  if (argc > 6) spec.kernels_per_step = std::atoi(argv[6]);
  if (argc > 7) spec.extra_ns = static_cast<std::int64_t>(std::atof(argv[7]) * 1e6);
  if (spec.world_size < 1 || spec.steps < 1 || spec.kernels_per_step < 1) {
    std::fprintf(stderr, "make_job_traces: world_size, steps and kernels_per_step must be positive\n");
    return 2;
  }
  for (int r = 0; r < spec.world_size; ++r) spec.clock_offset_ns.push_back((r * 3'700'000LL) % 20'000'000 - 10'000'000);
  std::filesystem::create_directories(dir);
  for (int r = 0; r < spec.world_size; ++r) {
    const auto path = dir / ("trace_rank" + std::to_string(r) + ".json");
    std::ofstream(path, std::ios::binary) << feedscope::testing::jobRankTrace(spec, r);
  }
  return 0;
}

int simulated(int argc, char** argv) {
  namespace sim = feedscope::testing::sim;
  std::string shape = argv[2];
  sim::Spec spec;
  if (shape.find("+prefetch") != std::string::npos) spec.prefetch = true;
  if (shape.find("+sync") != std::string::npos) {
    spec.wait = sim::Wait::HostSync;
    spec.event_latency_ns = 4'000;
    spec.sync_return_ns = 8'000;
    spec.wait_gap_ns = 20'000;
  }
  if (shape.find("+launches") != std::string::npos) spec.launches_only = true;
  shape = shape.substr(0, shape.find('+'));
  if (shape == "dlrm") {
    spec.layout = sim::Layout::TorchRec;
    spec.event_latency_ns = 4'000;
  } else if (shape == "tp") {
    spec.layout = sim::Layout::TensorData;
  } else if (shape == "tp-strided") {
    spec.layout = sim::Layout::TensorDataStrided;
  } else if (shape == "hsdp") {
    spec.layout = sim::Layout::Hsdp;
  } else if (shape != "dp") {
    std::fprintf(stderr, "make_job_traces: --shape is dp, tp, tp-strided, hsdp or dlrm, with +prefetch, +sync, +launches\n");
    return 2;
  }
  const std::filesystem::path dir = argv[3];
  if (argc > 4) spec.world_size = std::atoi(argv[4]);
  if (argc > 5) spec.steps = std::atoi(argv[5]);
  const std::string late = argc > 6 ? argv[6] : "-1";
  const std::string where = argc > 7 ? argv[7] : "load";
  const auto extra = static_cast<sim::Ns>((argc > 8 ? std::atof(argv[8]) : 5.0) * 1e6);
  if (argc > 9) spec.group_size = std::atoi(argv[9]);
  if (argc > 10) spec.buckets = std::atoi(argv[10]);
  const std::string capture = argc > 11 ? argv[11] : "";
  const int day = argc > 12 ? std::atoi(argv[12]) : 0;
  if (spec.world_size < 1 || spec.steps < 1 || spec.buckets < 1 || spec.group_size < 1 ||
      (spec.layout != sim::Layout::DataParallel && spec.layout != sim::Layout::TorchRec &&
       spec.world_size % spec.group_size != 0)) {
    std::fprintf(stderr, "make_job_traces: world_size, steps, buckets and group_size must be positive, the group "
                         "size a divisor of the world size\n");
    return 2;
  }
  if (late == "rotate") {
    for (int s = 0; s < spec.steps; ++s) spec.lateness.push_back({(s * 3) % spec.world_size, s, where, extra});
  } else if (std::atoi(late.c_str()) >= 0) {
    spec.lateness.push_back({std::atoi(late.c_str()), -1, where, extra});
  }
  for (int r = 0; r < spec.world_size; ++r) spec.clock_offset_ns.push_back((r * 7'300'123LL) % 47'000'000 - 23'000'000);
  spec.start_ns += day * 86'400'000'000'000LL;
  spec.first_step_number = 500 * day;
  const sim::Job job = sim::simulate(spec);
  std::filesystem::create_directories(dir);
  for (int r = 0; r < spec.world_size; ++r) {
    const std::string name = "rank" + std::to_string(r) + (capture.empty() ? "" : "_" + capture) + ".json";
    std::ofstream(dir / name, std::ios::binary) << sim::kinetoTrace(job, r);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 4 && std::string(argv[1]) == "--shape") return simulated(argc, argv);
  if (argc < 2 || std::string(argv[1]).rfind("--", 0) == 0) {
    std::fprintf(stderr,
                 "usage: make_job_traces DIR [world_size] [steps] [straggler|-1] [cause] [kernels_per_step] [extra_ms]\n"
                 "       make_job_traces --shape dp|tp|tp-strided|hsdp|dlrm[+prefetch][+sync][+launches] DIR [world_size] "
                 "[steps] [late_rank|-1|rotate] [where] [extra_ms] [group_size] [buckets] [capture] [day]\n");
    return 2;
  }
  return simple(argc, argv);
}
