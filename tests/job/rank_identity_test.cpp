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

}  // namespace
}  // namespace feedscope::job
