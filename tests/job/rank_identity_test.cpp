#include "job/rank_identity.h"

#include <gtest/gtest.h>

#include "job/job_grouping.h"
#include "trace/rank_environment.h"

namespace feedscope::job {
namespace {

TEST(RankIdentity, NamesThatSpellARank) {
  EXPECT_EQ(rankFromName("rank-3"), 3);
  EXPECT_EQ(rankFromName("rank3"), 3);
  EXPECT_EQ(rankFromName("trace_rank_12"), 12);
  EXPECT_EQ(rankFromName("worker7.1700000000"), 7);
  EXPECT_EQ(rankFromName("host1_Rank-0.pt.trace"), 0);
  EXPECT_EQ(rankFromName("frank3"), std::nullopt);  // a word that ends in "rank"
  EXPECT_EQ(rankFromName("ranking"), std::nullopt);
  EXPECT_EQ(rankFromName("run a"), std::nullopt);
}

trace::Run runWith(std::string name, std::map<std::string, std::string> labels) {
  trace::Run run;
  run.name = std::move(name);
  run.labels = std::move(labels);
  return run;
}

// Names for the runs below: id 1 is a collective kernel.
trace::StringTable& names() {
  static trace::StringTable table = [] {
    trace::StringTable t;
    t.intern("ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)");
    t.intern("void gemm_kernel<float>(float*)");
    return t;
  }();
  return table;
}

// A run with one kernel: a collective, or (collective false) a compute kernel.
trace::Run withKernel(trace::Run run, bool collective = true) {
  trace::Track track;
  track.kind = trace::TrackKind::GpuStream;
  track.device = 0;
  trace::Interval iv;
  iv.start_ns = 100;
  iv.end_ns = 200;
  iv.name = collective ? 1 : 2;
  track.intervals.push_back(iv);
  run.tracks.push_back(std::move(track));
  return run;
}

std::vector<JobGroup> jobsOf(const std::vector<trace::Run>& runs) {
  std::vector<const trace::Run*> ptrs;
  std::vector<const trace::StringTable*> strings;
  for (const auto& r : runs) {
    ptrs.push_back(&r);
    strings.push_back(&names());
  }
  return findJobs(ptrs, strings);
}

TEST(RankIdentity, DistributedInfoBeforeEnvironmentBeforeName) {
  auto kineto = rankIdentityOf(runWith("rank9", {{"rank", "2"}, {"world_size", "128"}}));
  ASSERT_TRUE(kineto);
  EXPECT_EQ(kineto->rank, 2);
  EXPECT_EQ(kineto->world_size, 128);
  EXPECT_EQ(kineto->source, "distributedInfo");

  auto slurm = rankIdentityOf(runWith("rank9", {{trace::rankEnvironmentLabel("SLURM_PROCID"), "5"},
                                                {trace::rankEnvironmentLabel("SLURM_NTASKS"), "16"}}));
  ASSERT_TRUE(slurm);
  EXPECT_EQ(slurm->rank, 5);
  EXPECT_EQ(slurm->world_size, 16);
  EXPECT_EQ(slurm->source, "environment");

  auto torchrun = rankIdentityOf(runWith("x", {{trace::rankEnvironmentLabel("RANK"), "1"},
                                               {trace::rankEnvironmentLabel("SLURM_PROCID"), "0"}}));
  ASSERT_TRUE(torchrun);
  EXPECT_EQ(torchrun->rank, 1);  // RANK is what torchrun gave this process

  auto byName = rankIdentityOf(runWith("worker4", {}));
  ASSERT_TRUE(byName);
  EXPECT_EQ(byName->rank, 4);
  EXPECT_EQ(byName->world_size, std::nullopt);

  EXPECT_FALSE(rankIdentityOf(runWith("prefetch off", {{"rank", "minus one"}})));
}

TEST(JobGrouping, RanksFormOneJobRunsWithoutARankStayApart) {
  std::vector<trace::Run> runs = {withKernel(runWith("baseline", {})), withKernel(runWith("rank1", {})),
                                  withKernel(runWith("rank0", {})), withKernel(runWith("rank2", {}))};
  auto jobs = jobsOf(runs);
  ASSERT_EQ(jobs.size(), 1u);
  ASSERT_EQ(jobs[0].members.size(), 3u);
  EXPECT_EQ(jobs[0].members[0].run, 2u);  // by rank
  EXPECT_EQ(jobs[0].members[1].run, 1u);
  EXPECT_EQ(jobs[0].members[2].run, 3u);
}

TEST(JobGrouping, ARankSeenTwiceStartsAnotherJobAndALoneRankIsNoJob) {
  std::vector<trace::Run> runs = {withKernel(runWith("a_rank0", {})), withKernel(runWith("a_rank1", {})),
                                  withKernel(runWith("b_rank0", {})), withKernel(runWith("b_rank1", {})),
                                  runWith("c", {{"rank", "0"}, {"world_size", "4"}})};
  auto jobs = jobsOf(runs);
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(jobs[0].members[0].run, 0u);
  EXPECT_EQ(jobs[1].members[0].run, 2u);
}

TEST(JobGrouping, DifferentWorldSizesAreDifferentJobs) {
  std::vector<trace::Run> runs = {runWith("x", {{"rank", "0"}, {"world_size", "2"}}),
                                  runWith("y", {{"rank", "1"}, {"world_size", "2"}}),
                                  runWith("z", {{"rank", "0"}, {"world_size", "4"}}),
                                  runWith("w", {{"rank", "3"}, {"world_size", "4"}})};
  auto jobs = jobsOf(runs);
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(jobs[0].world_size, 2);
  EXPECT_EQ(jobs[1].world_size, 4);
  EXPECT_EQ(jobs[1].members[1].identity.rank, 3);
}

// tensorboard_trace_handler names single-GPU runs "worker0", "worker1" too: without collectives they
// stay runs to compare.
TEST(JobGrouping, NamesAloneMakeNoJobWithoutCollectives) {
  std::vector<trace::Run> runs = {withKernel(runWith("worker0", {}), false), withKernel(runWith("worker1", {}), false)};
  EXPECT_TRUE(jobsOf(runs).empty());
  std::vector<trace::Run> distributed = {withKernel(runWith("x", {{"rank", "0"}}), false),
                                         withKernel(runWith("y", {{"rank", "1"}}), false)};
  EXPECT_EQ(jobsOf(distributed).size(), 1u);  // distributedInfo says so
}

CaptureFacts capture(const std::string& name, int rank, trace::TimeNs start, std::int64_t firstStep) {
  CaptureFacts f;
  f.name = name;
  f.identity = RankIdentity{rank, 2, "distributedInfo"};
  f.span = analysis::Span{start, start + 5'000'000'000};
  f.steps = std::make_pair(firstStep, firstStep + 9);
  return f;
}

std::vector<std::vector<std::size_t>> membersOf(const std::vector<JobGroup>& jobs) {
  std::vector<std::vector<std::size_t>> out;
  for (const auto& j : jobs) {
    out.emplace_back();
    for (const auto& m : j.members) out.back().push_back(m.run);
  }
  return out;
}

// Two captures of ranks 0 and 1 in name order (rank0_mon, rank0_tue, rank1_mon, rank1_tue): a day
// apart, they are two jobs, each of its own day, labelled by what their names share.
TEST(JobGrouping, CapturesAreToldApartByTheirTime) {
  const trace::TimeNs day = 86'400'000'000'000;
  const std::vector<CaptureFacts> runs = {capture("rank0_mon", 0, 0, 10), capture("rank0_tue", 0, day, 10),
                                          capture("rank1_mon", 1, 3'000'000, 10), capture("rank1_tue", 1, day + 3'000'000, 10)};
  const auto jobs = groupCaptures(runs);
  EXPECT_EQ(membersOf(jobs), (std::vector<std::vector<std::size_t>>{{0, 2}, {1, 3}}));
  EXPECT_EQ(jobs[0].capture, "mon");
  EXPECT_EQ(jobs[1].capture, "tue");
  EXPECT_TRUE(jobs[0].notes.empty());
  EXPECT_EQ(jobNames(jobs, {"rank0_mon", "rank0_tue", "rank1_mon", "rank1_tue"}, "week", "in"),
            (std::vector<std::string>{"week (mon)", "week (tue)"}));
}

// Clocks that say nothing (each capture from 0): the step numbers tell them apart, and label them
// when the names do not.
TEST(JobGrouping, CapturesAreToldApartByTheirSteps) {
  const std::vector<CaptureFacts> runs = {capture("rank0", 0, 0, 10), capture("rank1", 1, 0, 10),
                                          capture("rank0", 0, 0, 500), capture("rank1", 1, 0, 500)};
  const auto jobs = groupCaptures(runs);
  EXPECT_EQ(membersOf(jobs), (std::vector<std::vector<std::size_t>>{{0, 1}, {2, 3}}));
  EXPECT_EQ(jobs[0].capture, "steps 10-19");
  EXPECT_EQ(jobs[1].capture, "steps 500-509");
}

// Same time, same steps: the names less the rank tell them apart, and the report says that was all.
// Nothing at all: file order, said.
TEST(JobGrouping, CapturesNothingTellsApartAreSaid) {
  const auto byName = groupCaptures({capture("a_rank0", 0, 0, 10), capture("a_rank1", 1, 0, 10),
                                     capture("b_rank0", 0, 0, 10), capture("b_rank1", 1, 0, 10)});
  EXPECT_EQ(membersOf(byName), (std::vector<std::vector<std::size_t>>{{0, 1}, {2, 3}}));
  ASSERT_EQ(byName[0].notes.size(), 1u);
  EXPECT_EQ(byName[0].notes[0],
            "rank 0 appears 2 times (a_rank0, b_rank0) in captures whose times and steps overlap: told apart by "
            "their file names only");
  const auto byOrder = groupCaptures({capture("rank0", 0, 0, 10), capture("rank1", 1, 0, 10), capture("rank1", 1, 0, 10),
                                      capture("rank0", 0, 0, 10)});
  EXPECT_EQ(membersOf(byOrder), (std::vector<std::vector<std::size_t>>{{0, 1}, {3, 2}}));
  EXPECT_EQ(byOrder[1].capture, "capture 2");
  ASSERT_EQ(byOrder[1].notes.size(), 1u);
  EXPECT_NE(byOrder[1].notes[0].find("neither their times, their steps nor their file names tell apart"),
            std::string::npos);
}

TEST(JobGrouping, SharedRunNames) {
  EXPECT_EQ(sharedRunName({"trace_rank0", "trace_rank1"}), "trace");
  EXPECT_EQ(sharedRunName({"trace_rank1", "trace_rank12"}), "trace");
  EXPECT_EQ(sharedRunName({"rank0_mon", "rank10_mon"}), "mon");
  EXPECT_EQ(sharedRunName({"train rank 0", "train rank 1"}), "train");
  EXPECT_EQ(sharedRunName({"job.rank3.pt.trace", "job.rank4.pt.trace"}), "job pt.trace");
  EXPECT_EQ(sharedRunName({"rank0", "rank1"}), "");
  EXPECT_EQ(jobNames({JobGroup{{{0, {}}, {1, {}}}, 2, "", {}}}, {"rank0", "rank1"}, "", "traces.json"),
            (std::vector<std::string>{"traces.json"}));
}

}  // namespace
}  // namespace feedscope::job
