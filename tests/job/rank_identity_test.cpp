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
  std::vector<trace::Run> runs = {runWith("baseline", {}), runWith("rank1", {}), runWith("rank0", {}),
                                  runWith("rank2", {})};
  std::vector<const trace::Run*> ptrs;
  for (const auto& r : runs) ptrs.push_back(&r);
  auto jobs = findJobs(ptrs);
  ASSERT_EQ(jobs.size(), 1u);
  ASSERT_EQ(jobs[0].members.size(), 3u);
  EXPECT_EQ(jobs[0].members[0].run, 2u);  // by rank
  EXPECT_EQ(jobs[0].members[1].run, 1u);
  EXPECT_EQ(jobs[0].members[2].run, 3u);
}

TEST(JobGrouping, ARankSeenTwiceStartsAnotherJobAndALoneRankIsNoJob) {
  std::vector<trace::Run> runs = {runWith("a_rank0", {}), runWith("a_rank1", {}), runWith("b_rank0", {}),
                                  runWith("b_rank1", {}), runWith("c", {{"rank", "0"}, {"world_size", "4"}})};
  std::vector<const trace::Run*> ptrs;
  for (const auto& r : runs) ptrs.push_back(&r);
  auto jobs = findJobs(ptrs);
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(jobs[0].members[0].run, 0u);
  EXPECT_EQ(jobs[1].members[0].run, 2u);
}

TEST(JobGrouping, DifferentWorldSizesAreDifferentJobs) {
  std::vector<trace::Run> runs = {runWith("x", {{"rank", "0"}, {"world_size", "2"}}),
                                  runWith("y", {{"rank", "1"}, {"world_size", "2"}}),
                                  runWith("z", {{"rank", "0"}, {"world_size", "4"}}),
                                  runWith("w", {{"rank", "3"}, {"world_size", "4"}})};
  std::vector<const trace::Run*> ptrs;
  for (const auto& r : runs) ptrs.push_back(&r);
  auto jobs = findJobs(ptrs);
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(jobs[0].world_size, 2);
  EXPECT_EQ(jobs[1].world_size, 4);
  EXPECT_EQ(jobs[1].members[1].identity.rank, 3);
}

}  // namespace
}  // namespace feedscope::job
