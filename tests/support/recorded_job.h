// A generated job (tests/support/job_generator.h) made to look recorded rank by rank on two machines,
// as `srun feedscope record --label LABEL ...` leaves it: each machine's monotonic clock starts
// elsewhere, its wall clock is off by an NTP error, and the rank is the launcher's variable that
// `record` keeps (trace/rank_environment.h). For the tests of `feedscope merge` reading as one job.
#pragma once
#include <string>

#include "importers/kineto_import.h"
#include "support/job_generator.h"
#include "trace/rank_environment.h"
#include "trace/session.h"

namespace feedscope::testing {

inline constexpr std::int64_t kWallAtZero = 1'764'600'000'000'000'000;  // the true clock's 0 in wall time

// Ranks 0 and 1 on nodeA, 2 and 3 on nodeB: nodeB's monotonic clock reads 3.7 s less, its wall clock
// 2.4 ms more than nodeA's.
struct Machine {
  std::string host;
  std::int64_t monotonic_ns;  // added to the true time by the machine's monotonic clock
  std::int64_t ntp_error_ns;  // added to the true time by its wall clock
};
inline const Machine kMachines[] = {{"nodeA", 0, 0}, {"nodeB", -3'700'000'000, 2'400'000}};
inline const Machine& machineOf(int rank) { return kMachines[rank / 2]; }

inline JobSpec twoMachineJob() {
  JobSpec spec;
  spec.world_size = 4;
  spec.steps = 6;
  spec.straggler = 2;
  spec.cause = "data_loading";
  spec.extra_ns = 6'000'000;
  for (int r = 0; r < spec.world_size; ++r) spec.clock_offset_ns.push_back(machineOf(r).monotonic_ns);
  return spec;
}

// The session `srun feedscope record --label LABEL ...` would leave for `rank`: one run on the
// machine's monotonic clock, its realtime offset (wall − monotonic) and the rank's launcher variables.
inline trace::Session recordedRank(const JobSpec& spec, int rank, const std::string& label) {
  trace::Session session;
  trace::Run run = io::importKinetoJson(testing::jobRankTrace(spec, rank), session.strings, label, label);
  run.labels.erase("rank");
  run.labels.erase("world_size");
  run.labels["host"] = machineOf(rank).host;
  run.labels[trace::rankEnvironmentLabel("SLURM_PROCID")] = std::to_string(rank);
  run.labels[trace::rankEnvironmentLabel("SLURM_NTASKS")] = std::to_string(spec.world_size);
  run.source = "record";
  run.clock.source = "CLOCK_MONOTONIC";
  run.clock.realtime_offset_ns = kWallAtZero + machineOf(rank).ntp_error_ns - machineOf(rank).monotonic_ns;
  session.runs.push_back(std::move(run));
  return session;
}

}  // namespace feedscope::testing
