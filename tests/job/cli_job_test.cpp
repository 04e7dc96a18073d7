// `feedscope report` on a folder of a generated job's ranks: the job first, the JSON `jobs` array
// (docs/report-json.md), the job's --fail-if keys, and two jobs compared. Expected figures come from
// the generator's parameters (tests/support/job_generator.h).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <fstream>

#include "support/cli_run.h"
#include "support/job_generator.h"
#include "support/temp_dir.h"

namespace feedscope {
namespace {

using testing::JobSpec;
using testing::runCli;

// Writes the ranks of `spec` into `dir` as trace_rankN.json.
std::string writeJob(const testing::TempDir& dir, const std::string& name, const JobSpec& spec) {
  const std::string folder = dir.file(name);
  std::filesystem::create_directories(folder);
  for (int r = 0; r < spec.world_size; ++r) {
    std::ofstream(folder + "/trace_rank" + std::to_string(r) + ".json") << testing::jobRankTrace(spec, r);
  }
  return folder;
}

JobSpec fourRanks(int straggler, std::string cause) {
  JobSpec spec;
  spec.world_size = 4;
  spec.steps = 6;
  spec.straggler = straggler;
  spec.cause = std::move(cause);
  spec.extra_ns = 6'000'000;
  spec.clock_offset_ns = {0, 2'500'000, -4'000'000, 9'000'000};
  return spec;
}

TEST(JobReport, JsonJobsArray) {
  testing::TempDir dir;
  const JobSpec spec = fourRanks(2, "data_loading");
  auto r = runCli("report " + writeJob(dir, "job", spec) + " --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  ASSERT_EQ(doc["jobs"].size(), 1u);
  const auto& job = doc["jobs"][0];
  EXPECT_EQ(job["name"], "trace");
  EXPECT_EQ(job["world_size"], 4);
  EXPECT_EQ(job["ranks_present"], 4);
  ASSERT_EQ(job["ranks"].size(), 4u);
  for (int rank = 0; rank < 4; ++rank) {
    const auto& row = job["ranks"][rank];
    EXPECT_EQ(row["rank"], rank);
    EXPECT_EQ(row["run"], "trace_rank" + std::to_string(rank));
    EXPECT_EQ(row["device"], rank);
    EXPECT_EQ(row["collectives"], spec.steps);
    EXPECT_EQ(row["comm_ns"], spec.steps * spec.transfer_ns);
    EXPECT_EQ(row["peer_wait_ns"], rank == 2 ? 0 : spec.steps * spec.extra_ns);
    EXPECT_EQ(row["late_count"], rank == 2 ? spec.steps : 0);
    EXPECT_GT(row["starvation_pct"].get<double>(), 0.0);
  }
  EXPECT_EQ(job["clock"]["method"], "collectives");
  EXPECT_EQ(job["clock"]["max_residual_ns"], 0);
  for (int rank = 0; rank < 4; ++rank) {
    EXPECT_EQ(job["clock"]["shift_ns"][std::to_string(rank)], spec.offset(0) - spec.offset(rank));
  }
  const auto& s = job["straggler"];
  ASSERT_TRUE(s.is_object());
  EXPECT_EQ(s["rank"], 2);
  EXPECT_EQ(s["late_count"], spec.steps);
  EXPECT_EQ(s["delay_ns"], spec.steps * spec.extra_ns);
  EXPECT_EQ(s["cause"], "data_loading");
  EXPECT_FALSE(s["evidence"].empty());
  EXPECT_FALSE(s["fix"].get<std::string>().empty());
  EXPECT_EQ(job["step"]["median_ns"], spec.baseStepNs() + spec.extra_ns);
  EXPECT_EQ(job["step"]["without_straggler_ns"], spec.baseStepNs());
  EXPECT_EQ(job["step"]["prefetched_ns"], spec.host_ns + spec.compute_ns + spec.transfer_ns);
  // Ranks of one job run at one speed: never compared as A/B runs.
  EXPECT_TRUE(doc["comparisons"].empty());
  EXPECT_TRUE(doc["comparison_table"].is_null());
}

TEST(JobReport, TextStartsWithTheJob) {
  testing::TempDir dir;
  auto r = runCli("report " + writeJob(dir, "job", fourRanks(1, "compute")));
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string expectedStart = "Feedscope report: " + dir.file("job") + "\n\nJob trace · 4 of 4 ranks · 6 collectives matched\n"
                                    "  rank 1 arrived last at 6 of 6 collectives, late by 6.00 ms each on average: its kernels took "
                                    "6.00 ms longer than the other ranks' median";
  EXPECT_EQ(r.out.substr(0, expectedStart.size()), expectedStart);
  EXPECT_NE(r.out.find("  rank  device"), std::string::npos);
  EXPECT_NE(r.out.find("waiting for rank 1"), std::string::npos);
  auto md = runCli("report " + dir.file("job") + " --format md");
  EXPECT_NE(md.out.find("| rank | device | step | compute | communication | peer wait | late at | starvation |"),
            std::string::npos);
  auto html = runCli("report " + dir.file("job") + " --format html");
  EXPECT_NE(html.out.find("<section class=\"job\">"), std::string::npos);
}

TEST(JobReport, FailIfJobKeys) {
  testing::TempDir dir;
  const std::string folder = writeJob(dir, "job", fourRanks(3, "host"));
  // 6 ms late at each of 6 collectives: 36 ms of delay.
  EXPECT_EQ(runCli("report " + folder + " --fail-if 'job.straggler_delay>30ms'").code, 4);
  EXPECT_EQ(runCli("report " + folder + " --fail-if 'job.straggler_delay>40ms'").code, 0);
  EXPECT_EQ(runCli("report " + folder + " --fail-if 'job.peer_wait_pct>5'").code, 4);
  auto bad = runCli("report " + folder + " --fail-if 'job.nonsense>1'");
  EXPECT_EQ(bad.code, 2) << bad.err;
  // A report without a job says the key was not checked.
  testing::TempDir single;
  std::ofstream(single.file("one.json")) << testing::jobRankTrace(fourRanks(3, "host"), 0);
  auto none = runCli("report " + single.file("one.json") + " --fail-if 'job.peer_wait_pct>5'");
  EXPECT_EQ(none.code, 0);
  EXPECT_NE(none.err.find("holds no job"), std::string::npos) << none.err;
}

// A rank alone keeps today's report: no job, its collective kernels counted as compute as before.
TEST(JobReport, ARankAloneKeepsTodaysReport) {
  testing::TempDir dir;
  std::ofstream(dir.file("one.json")) << testing::jobRankTrace(fourRanks(3, "host"), 0);
  auto r = runCli("report " + dir.file("one.json") + " --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  EXPECT_TRUE(doc["jobs"].empty());
  EXPECT_EQ(r.out.find("\"peer_wait"), std::string::npos);
}

TEST(JobReport, TwoJobsCompared) {
  testing::TempDir dir;
  JobSpec slow = fourRanks(2, "data_loading");
  JobSpec fixed = fourRanks(-1, "data_loading");
  auto r = runCli("report " + writeJob(dir, "slow", slow) + " --compare " + writeJob(dir, "fixed", fixed) +
                  " --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  ASSERT_EQ(doc["jobs"].size(), 2u);
  EXPECT_TRUE(doc["jobs"][0]["straggler"].is_object());
  EXPECT_TRUE(doc["jobs"][1]["straggler"].is_null());
  EXPECT_EQ(doc["jobs"][1]["step"]["median_ns"], fixed.baseStepNs());
  // Rank by rank: each rank of the second job against the same rank of the first.
  ASSERT_EQ(doc["comparisons"].size(), 4u);
  for (int rank = 0; rank < 4; ++rank) {
    EXPECT_EQ(doc["comparisons"][rank]["run_a"], "trace_rank" + std::to_string(rank));
  }
  auto text = runCli("report " + dir.file("slow") + " --compare " + dir.file("fixed"));
  EXPECT_NE(text.out.find("Jobs compared: job trace steps in 12.5 ms against 18.5 ms for job trace"), std::string::npos)
      << text.out.substr(0, 2000);
}

// Each rank summarised where it lies, then joined: the same job as the folder of traces.
TEST(JobReport, SummariesJoinedAreTheJobOfTheTraces) {
  testing::TempDir dir;
  const JobSpec spec = fourRanks(1, "input_copy");
  const std::string folder = writeJob(dir, "job", spec);
  std::string summaries;
  for (int r = 0; r < spec.world_size; ++r) {
    const std::string out = dir.file("rank" + std::to_string(r) + ".fssum");
    auto s = runCli("summarize " + folder + "/trace_rank" + std::to_string(r) + ".json -o " + out);
    ASSERT_EQ(s.code, 0) << s.err;
    summaries += " " + out;
  }
  auto fromTraces = runCli("report " + folder + " --format json");
  auto fromSummaries = runCli("report" + summaries + " --format json");
  ASSERT_EQ(fromSummaries.code, 0) << fromSummaries.err;
  auto a = nlohmann::json::parse(fromTraces.out)["jobs"][0];
  auto b = nlohmann::json::parse(fromSummaries.out)["jobs"][0];
  EXPECT_EQ(a, b);
  EXPECT_TRUE(nlohmann::json::parse(fromSummaries.out)["runs"].empty());
  EXPECT_EQ(runCli("report" + summaries + " --fail-if 'job.straggler_delay>1ms'").code, 4);
}

TEST(JobReport, SummarizeRefusesWhatItCannotSummarise) {
  testing::TempDir dir;
  // No rank anywhere: not in the trace, not in the name.
  std::string trace = testing::jobRankTrace(fourRanks(1, "compute"), 0);
  const std::string marker = R"("distributedInfo":{"backend":"nccl","rank":0,"world_size":4},)";
  ASSERT_NE(trace.find(marker), std::string::npos);
  trace.erase(trace.find(marker), marker.size());
  const std::string anonymous = dir.file("anonymous.json", trace);
  auto none = runCli("summarize " + anonymous + " -o " + dir.file("a.fssum"));
  EXPECT_EQ(none.code, 2);
  EXPECT_NE(none.err.find("says nothing about its rank"), std::string::npos) << none.err;
  auto given = runCli("summarize " + anonymous + " -o " + dir.file("a.fssum") + " --rank 5 --world-size 8");
  EXPECT_EQ(given.code, 0) << given.err;
  auto notSummary = runCli("summarize " + anonymous + " -o " + dir.file("a.json") + " --rank 5");
  EXPECT_EQ(notSummary.code, 2);
  auto overwrite = runCli("summarize " + anonymous + " -o " + anonymous + " --rank 5");
  EXPECT_EQ(overwrite.code, 2);
  EXPECT_EQ(testing::readWholeFile(anonymous), trace);  // the input is never overwritten
  const std::string bad = dir.file("bad.fssum", "{\"format\": \"feedscope-rank-summary\", \"version\": 1}");
  auto refused = runCli("report " + bad);
  EXPECT_EQ(refused.code, 2);
  EXPECT_EQ(refused.err, "feedscope: error: " + bad + ": not a Feedscope rank summary (missing 'run')\n");
  auto mixed = runCli("report " + bad + " " + anonymous);
  EXPECT_EQ(mixed.code, 2);
}

}  // namespace
}  // namespace feedscope
