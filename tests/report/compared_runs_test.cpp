// What is compared with what (report::comparedRuns, docs/metrics.md "What is compared with what"):
// two jobs of two ranks and a single run between them, with each run in turn as the baseline. The
// expected pairs are written out from the rule, not computed.
#include <gtest/gtest.h>

#include "report/report.h"

namespace feedscope::report {
namespace {

// Runs 0 and 1: job A's ranks 0 and 1; run 2: a single run; runs 3 and 4: job B's ranks 0 and 1.
std::vector<job::JobAnalysis> twoJobs() {
  std::vector<job::JobAnalysis> jobs(2);
  jobs[0].name = "A";
  jobs[1].name = "B";
  for (int r = 0; r < 2; ++r) {
    job::RankFigures a;
    a.rank = r;
    a.run = static_cast<std::size_t>(r);
    jobs[0].ranks.push_back(a);
    job::RankFigures b;
    b.rank = r;
    b.run = static_cast<std::size_t>(3 + r);
    jobs[1].ranks.push_back(b);
  }
  return jobs;
}

std::vector<std::pair<std::size_t, std::size_t>> pairs(const std::vector<ComparedRun>& compared) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (const ComparedRun& c : compared) out.emplace_back(c.run, c.against);
  return out;
}

using Pairs = std::vector<std::pair<std::size_t, std::size_t>>;

TEST(ComparedRuns, RanksOfTheBaselinesJobAreNotComparedAndAnotherJobsRanksMeetTheirNumber) {
  const auto jobs = twoJobs();
  std::size_t column = 99;
  // Job A's rank 0 as baseline: rank 1 of A not compared; the single run against it; B's ranks
  // against A's ranks of their number.
  auto compared = comparedRuns(jobs, 5, 0);
  EXPECT_EQ(pairs(compared), (Pairs{{2, 0}, {3, 0}, {4, 1}}));
  EXPECT_EQ(comparedTableRuns(compared, 0, column), (std::vector<std::size_t>{0, 2, 3, 4}));
  EXPECT_EQ(column, 0u);
  // The single run as baseline: every rank of both jobs against it.
  compared = comparedRuns(jobs, 5, 2);
  EXPECT_EQ(pairs(compared), (Pairs{{0, 2}, {1, 2}, {3, 2}, {4, 2}}));
  EXPECT_EQ(comparedTableRuns(compared, 2, column), (std::vector<std::size_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(column, 2u);
  // Job B's rank 1 as baseline: A's ranks against B's of their number, the single run against it.
  compared = comparedRuns(jobs, 5, 4);
  EXPECT_EQ(pairs(compared), (Pairs{{0, 3}, {1, 4}, {2, 4}}));
  EXPECT_EQ(comparedTableRuns(compared, 4, column), (std::vector<std::size_t>{0, 1, 2, 4}));
  EXPECT_EQ(column, 3u);
  // One job alone, or fewer than two runs: nothing compared.
  EXPECT_TRUE(comparedRuns({jobs[0]}, 2, 0).empty());
  EXPECT_TRUE(comparedRuns({}, 1, 0).empty());
  // No job: every run against the baseline.
  EXPECT_EQ(pairs(comparedRuns({}, 3, 1)), (Pairs{{0, 1}, {2, 1}}));
}

}  // namespace
}  // namespace feedscope::report
