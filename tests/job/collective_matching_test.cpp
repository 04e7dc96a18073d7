#include "job/collective_matching.h"

#include <gtest/gtest.h>

#include "job/clock_alignment.h"
#include "job/peer_wait.h"

namespace feedscope::job {
namespace {

TEST(Collectives, KernelNamesOfNcclAndRccl) {
  EXPECT_TRUE(isCollectiveKernelName("ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)"));
  EXPECT_TRUE(isCollectiveKernelName("ncclDevKernel_Generic(ncclDevKernelArgsStorage<4096ul>)"));
  EXPECT_TRUE(isCollectiveKernelName("ncclDevKernel_SendRecv(ncclDevComm*, unsigned long, ncclWork*)"));
  EXPECT_FALSE(isCollectiveKernelName("void at::native::vectorized_elementwise_kernel<4>(int)"));
  EXPECT_FALSE(isCollectiveKernelName("my_ncclKernel_copy"));
  EXPECT_EQ(collectiveOperation("ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)"), "AllReduce");
  EXPECT_EQ(collectiveOperation("ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*)"), "SendRecv");
  EXPECT_EQ(collectiveOperation("ncclDevKernel_Generic(ncclDevKernelArgsStorage<4096ul>)"), "Generic");
  EXPECT_EQ(collectiveOperation("ncclDevKernel_Broadcast(x)"), "Broadcast");
  EXPECT_TRUE(isCollectiveHostRangeName("nccl:all_reduce"));
  EXPECT_TRUE(isCollectiveHostRangeName("c10d::allreduce_"));
  EXPECT_TRUE(isCollectiveHostRangeName("record_param_comms"));
  EXPECT_FALSE(isCollectiveHostRangeName("## forward ##"));
}

RankCollectives rankOf(std::vector<Collective> kernels) {
  RankCollectives r;
  r.device = 0;
  r.kernels = std::move(kernels);
  for (const auto& c : r.kernels) r.spans.push_back({c.start_ns, c.end_ns});
  return r;
}

// Two ranks, one clock 1 ms ahead: rank 1's two all-reduces start 300 ns and 0 ns after rank 0's (on the
// true clock) and end with them; rank 1 also has a broadcast rank 0 lacks.
TEST(Collectives, MatchedByOperationAndOrderCountsThatDifferSaid) {
  const TimeNs ahead = 1'000'000;
  auto r0 = rankOf({{1000, 2000, "AllReduce"}, {5000, 6000, "AllReduce"}});
  auto r1 = rankOf({{1300 + ahead, 2000 + ahead, "AllReduce"},
                    {3000 + ahead, 3500 + ahead, "Broadcast"},
                    {5000 + ahead, 6000 + ahead, "AllReduce"}});
  std::vector<RankCollectives> ranks = {r0, r1};
  auto match = matchCollectives(ranks, {0, 1});
  ASSERT_EQ(match.matched.size(), 2u);
  EXPECT_EQ(match.matched[1].kernel[1], 2u);
  ASSERT_EQ(match.notes.size(), 1u);
  EXPECT_EQ(match.notes[0], "Broadcast: rank 0 has 0, rank 1 has 1; 0 matched");

  auto clock = alignClocks(ranks, match);
  EXPECT_EQ(clock.method, ClockMethod::Collectives);
  EXPECT_EQ(clock.shift_ns[0], 0);
  EXPECT_EQ(clock.shift_ns[1], -ahead);
  EXPECT_EQ(clock.max_residual_ns, 0);

  auto arrivals = measureArrivals(ranks, match, clock);
  ASSERT_EQ(arrivals.size(), 2u);
  EXPECT_EQ(arrivals[0].last_rank, 1u);
  EXPECT_EQ(arrivals[0].delay_ns, 300);
  EXPECT_EQ(arrivals[0].peer_wait_ns[0], 300);
  EXPECT_EQ(arrivals[0].peer_wait_ns[1], 0);
  EXPECT_EQ(arrivals[1].delay_ns, 0);  // together
}

// A rank whose kernel was shorter than the lateness of the last waited only as long as it ran.
TEST(Collectives, PeerWaitIsCappedByTheKernel) {
  auto r0 = rankOf({{1000, 1200, "AllReduce"}});
  auto r1 = rankOf({{5000, 6000, "AllReduce"}});
  std::vector<RankCollectives> ranks = {r0, r1};
  auto match = matchCollectives(ranks, {0, 1});
  ClockAlignment recorded;
  recorded.shift_ns = {0, 0};
  auto arrivals = measureArrivals(ranks, match, recorded);
  EXPECT_EQ(arrivals[0].peer_wait_ns[0], 200);
  EXPECT_EQ(arrivals[0].delay_ns, 4000);
}

TEST(Collectives, MedianShiftIsRobustAndTheResidualTold) {
  // Rank 1 is 500 ns behind; its third collective ended 40 ns off.
  auto r0 = rankOf({{0 + 10, 100, "AllReduce"}, {200, 300, "AllReduce"}, {400, 500, "AllReduce"}});
  auto r1 = rankOf({{-490, -400, "AllReduce"}, {-300, -200, "AllReduce"}, {-100, 40, "AllReduce"}});
  std::vector<RankCollectives> ranks = {r0, r1};
  auto clock = alignClocks(ranks, matchCollectives(ranks, {0, 1}));
  EXPECT_EQ(clock.shift_ns[1], 500);
  EXPECT_EQ(clock.max_residual_ns, 40);
}

TEST(Collectives, NoMatchKeepsTheRecordedClocks) {
  auto r0 = rankOf({{10, 100, "AllReduce"}});
  auto r1 = rankOf({{10, 100, "Broadcast"}});
  std::vector<RankCollectives> ranks = {r0, r1};
  auto clock = alignClocks(ranks, matchCollectives(ranks, {0, 1}));
  EXPECT_EQ(clock.method, ClockMethod::Recorded);
  EXPECT_EQ(clock.shift_ns, (std::vector<TimeNs>{0, 0}));
}

}  // namespace
}  // namespace feedscope::job
