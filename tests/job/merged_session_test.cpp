// Sessions recorded rank by rank on several machines and joined by `feedscope merge` are read as one
// job: each rank a run of its own (docs/recording.md, "Merging sessions of several machines"). The
// ranks are a generated job made to look recorded (tests/support/recorded_job.h). Every expected
// figure follows from the generator's and the machines' parameters.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "store/session_store.h"
#include "launch/run_join.h"
#include "report/report.h"
#include "support/cli_run.h"
#include "support/recorded_job.h"
#include "support/temp_dir.h"

namespace feedscope {
namespace {

using testing::JobSpec;
using testing::machineOf;
using testing::recordedRank;
using testing::twoMachineJob;

trace::Session mergeRanks(const std::vector<std::pair<JobSpec, std::string>>& jobs, const std::vector<std::pair<int, int>>& order) {
  trace::Session merged;
  for (auto [job, rank] : order) {
    auto notes = launch::joinSession(merged, recordedRank(jobs[job].first, rank, jobs[job].second), "r.feedscope");
    EXPECT_TRUE(notes.empty()) << notes.front();
  }
  return merged;
}

TEST(MergedRanks, EachRankStaysARunOnTheFirstRanksClock) {
  const JobSpec spec = twoMachineJob();
  trace::Session merged = mergeRanks({{spec, "train"}}, {{0, 0}, {0, 1}, {0, 2}, {0, 3}});
  ASSERT_EQ(merged.runs.size(), 4u);
  trace::Session alone = recordedRank(spec, 0, "train");
  for (int r = 0; r < 4; ++r) {
    const trace::Run& run = merged.runs[static_cast<std::size_t>(r)];
    EXPECT_EQ(run.name, "train rank " + std::to_string(r));
    EXPECT_EQ(run.labels.at("host"), machineOf(r).host);
    EXPECT_EQ(run.labels.at("env SLURM_PROCID"), std::to_string(r));
    EXPECT_EQ(run.clock.realtime_offset_ns, alone.runs[0].clock.realtime_offset_ns);
    // On rank 0's clock: the true time, plus nodeA's monotonic start, plus the wall clocks' disagreement.
    auto extent = run.extent();
    ASSERT_TRUE(extent);
    EXPECT_EQ(extent->start, spec.start_ns + machineOf(r).ntp_error_ns) << r;
  }
}

TEST(MergedRanks, APartOfARankAlreadyThereJoinsIt) {
  const JobSpec spec = twoMachineJob();
  trace::Session merged = mergeRanks({{spec, "train"}}, {{0, 0}, {0, 1}, {0, 1}});
  ASSERT_EQ(merged.runs.size(), 2u);
  EXPECT_EQ(merged.runs[1].name, "train rank 1");
  EXPECT_EQ(merged.runs[1].intervalCount(), 2 * merged.runs[0].intervalCount());
}

TEST(MergedRanks, TwoJobsMergedInAnyOrderStayTwoJobs) {
  JobSpec other = twoMachineJob();
  other.straggler = 1;
  other.cause = "compute";
  trace::Session merged =
      mergeRanks({{twoMachineJob(), "base"}, {other, "fix"}},
                 {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {1, 2}, {0, 2}, {0, 3}, {1, 3}});
  ASSERT_EQ(merged.runs.size(), 8u);
  for (std::size_t i = 0; i < 8; ++i) {
    EXPECT_EQ(merged.runs[i].name, (i < 4 ? "base rank " : "fix rank ") + std::to_string(i % 4));
  }
  report::Report report = report::buildReport(merged, "merged.feedscope", {});
  ASSERT_EQ(report.jobs.size(), 2u);
  EXPECT_EQ(report.jobs[0].name, "base");
  EXPECT_EQ(report.jobs[1].name, "fix");
  ASSERT_TRUE(report.jobs[0].straggler && report.jobs[1].straggler);
  EXPECT_EQ(report.jobs[0].straggler->rank, 2);
  EXPECT_EQ(report.jobs[1].straggler->rank, 1);
}

// End to end: rank sessions written as files, `feedscope merge`, `feedscope report --format json`.
TEST(MergedRanks, ReportReadsTheMergedSessionAsOneJob) {
  testing::TempDir dir;
  const JobSpec spec = twoMachineJob();
  std::string files;
  for (int r = 0; r < spec.world_size; ++r) {
    const std::string file = dir.file("rank" + std::to_string(r) + ".feedscope");
    io::saveSession(recordedRank(spec, r, "train"), file);
    files += " " + file;
  }
  const std::string merged = dir.file("job.feedscope");
  auto m = testing::runCli("merge" + files + " -o " + merged);
  ASSERT_EQ(m.code, 0) << m.err;
  auto r = testing::runCli("report " + merged + " --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  ASSERT_EQ(doc["jobs"].size(), 1u);
  const auto& job = doc["jobs"][0];
  EXPECT_EQ(job["name"], "train");
  EXPECT_EQ(job["world_size"], 4);
  EXPECT_EQ(job["ranks_present"], 4);
  ASSERT_EQ(job["ranks"].size(), 4u);
  for (int rank = 0; rank < 4; ++rank) {
    const auto& row = job["ranks"][rank];
    EXPECT_EQ(row["rank"], rank);
    EXPECT_EQ(row["run"], "train rank " + std::to_string(rank));
    EXPECT_EQ(row["collectives"], spec.steps);
    EXPECT_EQ(row["peer_wait_ns"], rank == 2 ? 0 : spec.steps * spec.extra_ns);
    EXPECT_EQ(row["late_count"], rank == 2 ? spec.steps : 0);
    // What the collectives add to put the rank on rank 0's clock: the wall clocks' disagreement, undone.
    EXPECT_EQ(job["clock"]["shift_ns"][std::to_string(rank)], machineOf(0).ntp_error_ns - machineOf(rank).ntp_error_ns);
  }
  EXPECT_EQ(job["clock"]["method"], "collectives");
  EXPECT_EQ(job["clock"]["max_residual_ns"], 0);
  const auto& s = job["straggler"];
  ASSERT_TRUE(s.is_object());
  EXPECT_EQ(s["rank"], 2);
  EXPECT_EQ(s["late_count"], spec.steps);
  EXPECT_EQ(s["delay_ns"], spec.steps * spec.extra_ns);
  EXPECT_EQ(s["cause"], "data_loading");
  EXPECT_EQ(job["step"]["median_ns"], spec.baseStepNs() + spec.extra_ns);
  EXPECT_EQ(job["step"]["without_straggler_ns"], spec.baseStepNs());
  // Ranks of one job: not compared as A/B runs.
  EXPECT_TRUE(doc["comparisons"].empty());
}

}  // namespace
}  // namespace feedscope
