// Writes the rank traces of a generated job (tests/support/job_generator.h) into a folder, one
// trace_rankN.json a rank, for tools/bench-job.sh and for trying the job report by hand:
//   make_job_traces DIR [world_size] [steps] [straggler|-1] [cause] [kernels_per_step] [extra_ms]
// Clocks: rank r's recorded clock is (r × 3.7 ms mod 20 ms) − 10 ms off the true one.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "support/job_generator.h"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: make_job_traces DIR [world_size] [steps] [straggler|-1] [cause] [kernels_per_step] [extra_ms]\n");
    return 2;
  }
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
