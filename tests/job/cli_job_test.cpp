// `feedscope report` on a folder of a generated job's ranks: the job first, the JSON `jobs` array
// (docs/report-json.md), the job's --fail-if keys, and two jobs compared. Expected figures come from
// the generator's parameters (tests/support/job_generator.h).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <fstream>

#include "support/cli_run.h"
#include "support/job_generator.h"
#include "support/job_simulation.h"
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
  EXPECT_EQ(job["name"], "job");  // its folder's name
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
  const std::string expectedStart = "Feedscope report: " + dir.file("job") + "\n\nJob job · 4 of 4 ranks · 6 collectives matched\n"
                                    "  rank 1 was late in 6 of 6 steps: its kernels took 6.00 ms longer per step than the other "
                                    "ranks' median. It arrived last at 6 of 6 AllReduce; that cost every rank 6.00 ms per step";
  EXPECT_EQ(r.out.substr(0, expectedStart.size()), expectedStart);
  EXPECT_NE(r.out.find("  rank  device"), std::string::npos);
  EXPECT_NE(r.out.find("waiting for rank 1"), std::string::npos);
  auto md = runCli("report " + dir.file("job") + " --format md");
  EXPECT_NE(md.out.find("| rank | device | step | compute | communication | peer wait | late in | starvation |"),
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
  EXPECT_NE(text.out.find("Jobs compared: job fixed steps in 12.5 ms against 18.5 ms for job slow"), std::string::npos)
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
  const std::string bad = dir.file("bad.fssum", "{\"format\": \"feedscope-rank-summary\", \"version\": 2}");
  auto refused = runCli("report " + bad);
  EXPECT_EQ(refused.code, 2);
  EXPECT_EQ(refused.err, "feedscope: error: " + bad + ": not a Feedscope rank summary (missing 'run')\n");
  auto mixed = runCli("report " + bad + " " + anonymous);
  EXPECT_EQ(mixed.code, 2);
}

// A tensor-parallel job (rank 5 late, its group waiting, the all-reduce waiting for that group):
// summarised rank by rank and joined, the same job as its folder, figure for figure and word for word.
TEST(JobReport, SummariesOfAGroupedJobAreTheJobOfItsFolder) {
  testing::TempDir dir;
  namespace sim = testing::sim;
  sim::Spec spec;
  spec.layout = sim::Layout::TensorData;
  spec.steps = 6;
  spec.lateness = {{5, -1, "load", 5'000'000}};
  spec.clock_offset_ns = {0, 7'000'000, -3'000'000, 12'000'000, -9'000'000, 4'000'000, 21'000'000, -15'000'000};
  const sim::Job job = sim::simulate(spec);
  const std::string folder = dir.file("tp");
  std::filesystem::create_directories(folder);
  std::string summaries;
  for (int r = 0; r < spec.world_size; ++r) {
    const std::string trace = folder + "/rank" + std::to_string(r) + ".json";
    std::ofstream(trace) << sim::kinetoTrace(job, r);
    const std::string out = dir.file("rank" + std::to_string(r) + ".fssum");
    auto s = runCli("summarize " + trace + " -o " + out);
    ASSERT_EQ(s.code, 0) << s.err;
    summaries += " " + out;
  }
  auto fromTraces = runCli("report " + folder + " --format json");
  auto fromSummaries = runCli("report" + summaries + " --format json");
  ASSERT_EQ(fromTraces.code, 0) << fromTraces.err;
  ASSERT_EQ(fromSummaries.code, 0) << fromSummaries.err;
  const auto a = nlohmann::json::parse(fromTraces.out)["jobs"][0];
  const auto b = nlohmann::json::parse(fromSummaries.out)["jobs"][0];
  EXPECT_EQ(a, b);
  EXPECT_EQ(a["name"], "tp");
  EXPECT_EQ(a["straggler"]["rank"], 5);
  EXPECT_EQ(a["process_groups"].size(), 3u);
  // 6 steps: 3 bucket all-reduces over the 8 ranks, 3 all-gathers in each of the two halves.
  const std::string title = "Job tp · 8 of 8 ranks · 54 collectives matched in 3 process groups\n  rank 5 was late";
  EXPECT_NE(runCli("report " + folder).out.find(title), std::string::npos);
  EXPECT_NE(runCli("report" + summaries).out.find(title), std::string::npos);
}

// A rank's trace cut short: the report is of the others (exit code 0), the file said on stderr and in
// the report, its rank missing from the job and the straggler sentence about the ranks present. A
// crossed threshold still fails; a folder of nothing readable is bad input.
TEST(JobReport, AnUnreadableRankFileIsReportedWithoutIt) {
  testing::TempDir dir;
  const JobSpec spec = fourRanks(2, "data_loading");
  const std::string folder = writeJob(dir, "job", spec);
  const std::string cut = folder + "/trace_rank1.json";
  const std::string whole = testing::readWholeFile(cut);
  std::ofstream(cut, std::ios::trunc) << whole.substr(0, whole.size() / 3);
  auto r = runCli("report " + folder + " --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("feedscope: note: " + cut + " could not be read ("), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("); reporting without it"), std::string::npos) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  ASSERT_EQ(doc["unread"].size(), 1u);
  EXPECT_EQ(doc["unread"][0].get<std::string>().rfind(cut + ": ", 0), 0u);
  const auto& job = doc["jobs"][0];
  EXPECT_EQ(job["ranks_present"], 3);
  EXPECT_EQ(job["ranks_missing"], 1);
  EXPECT_EQ(job["straggler"]["rank"], 2);
  EXPECT_EQ(job["headline"].get<std::string>().rfind("Among the 3 ranks present (of 4), rank 2 was late in 6 of 6 steps", 0), 0u)
      << job["headline"];
  bool said = false;
  for (const auto& note : job["notes"]) said |= note.get<std::string>().find("trace_rank1.json could not be read") == 0;
  EXPECT_TRUE(said) << job["notes"];
  auto text = runCli("report " + folder);
  EXPECT_NE(text.out.find("\nNot read: " + cut + ": "), std::string::npos);
  EXPECT_EQ(runCli("report " + folder + " --fail-if 'job.straggler_delay>1ms'").code, 4);
  testing::TempDir bad;
  std::ofstream(bad.file("trace_rank0.json")) << "{\"traceEvents\": [";
  EXPECT_EQ(runCli("report " + bad.path.string()).code, 2);
}

// Two captures of the same ranks in one folder, as `make_job_traces --shape` writes them a day apart:
// two jobs, each with its own straggler, named by the folder and the capture.
TEST(JobReport, TwoCapturesInOneFolderAreTwoJobs) {
  testing::TempDir dir;
  namespace sim = testing::sim;
  const std::string folder = dir.file("week");
  std::filesystem::create_directories(folder);
  for (int day : {0, 1}) {
    sim::Spec spec;
    spec.world_size = 4;
    spec.steps = 5;
    spec.start_ns += day * 86'400'000'000'000;
    spec.first_step_number = 500 * day;
    spec.lateness = {{day == 0 ? 1 : 3, -1, "load", 4'000'000}};
    const sim::Job job = sim::simulate(spec);
    for (int r = 0; r < spec.world_size; ++r) {
      std::ofstream(folder + "/rank" + std::to_string(r) + (day == 0 ? "_mon" : "_tue") + ".json") << sim::kinetoTrace(job, r);
    }
  }
  auto r = runCli("report " + folder + " --format json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  ASSERT_EQ(doc["jobs"].size(), 2u);
  EXPECT_EQ(doc["jobs"][0]["name"], "week (mon)");
  EXPECT_EQ(doc["jobs"][0]["straggler"]["rank"], 1);
  EXPECT_EQ(doc["jobs"][0]["ranks"][0]["run"], "rank0_mon");
  EXPECT_EQ(doc["jobs"][1]["name"], "week (tue)");
  EXPECT_EQ(doc["jobs"][1]["straggler"]["rank"], 3);
  EXPECT_EQ(doc["jobs"][1]["ranks"][3]["run"], "rank3_tue");
  EXPECT_TRUE(doc["jobs"][0]["notes"].empty());
}

}  // namespace
}  // namespace feedscope
