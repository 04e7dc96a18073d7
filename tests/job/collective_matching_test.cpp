#include "job/collective_matching.h"

#include <gtest/gtest.h>

#include "job/clock_alignment.h"
#include "job/peer_wait.h"
#include "trace/types.h"

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
  EXPECT_EQ(match.notes[0], "Broadcast: only rank 1 present; not matched");

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

TEST(JobClockWindow, RanksBeyondOneWindowShorterThanTheTimeRuleAreNoRanksOfTheJob) {
  constexpr TimeNs kT = trace::kMaxTimeNs;  // 2^62
  // The first rank is the job's; the second widens it to [-500, 2000]; the third would stretch the
  // window to exactly kT (not shorter: left out); the fourth, to 1 ns shorter than that, joins.
  const std::vector<Span> extents = {{0, 1000}, {-500, 2000}, {-(kT - 2000), -(kT - 2000) + 1}, {-(kT - 2001), 0}};
  EXPECT_EQ(ranksOnOneClockWindow(extents), (std::vector<std::size_t>{0, 1, 3}));
  // Apart at both ends of the time rule: each alone, the first kept.
  EXPECT_EQ(ranksOnOneClockWindow({{kT - 10, kT}, {-kT, -kT + 10}}), (std::vector<std::size_t>{0}));
  EXPECT_TRUE(ranksOnOneClockWindow({}).empty());
}

TEST(JobClockWindow, AShiftThatWouldStretchTheJobPastTheRuleIsNotTaken) {
  // Rank 1's collectives ended kT * 0.6 after rank 0's on its own clock, while its extent lies
  // beside rank 0's: aligning it would move its extent 0.6 kT earlier, the job's window to 1.2 kT.
  constexpr TimeNs kT = trace::kMaxTimeNs;
  constexpr TimeNs far = kT / 10 * 6;
  auto r0 = rankOf({{100, 200, "AllReduce"}, {300, 400, "AllReduce"}});
  auto r1 = rankOf({{far + 100, far + 200, "AllReduce"}, {far + 300, far + 400, "AllReduce"}});
  std::vector<RankCollectives> ranks = {r0, r1};
  const std::vector<Span> extents = {{0, far + 1000}, {0, far + 1000}};
  auto clock = alignClocks(ranks, matchCollectives(ranks, {0, 1}), extents);
  EXPECT_EQ(clock.shift_ns, (std::vector<TimeNs>{0, 0}));
  EXPECT_EQ(clock.outside_window, (std::vector<std::size_t>{1}));
  EXPECT_EQ(clock.unaligned, (std::vector<std::size_t>{1}));
  // The same collectives 1,000 ns apart: aligned as ever.
  auto r2 = rankOf({{1100, 1200, "AllReduce"}, {1300, 1400, "AllReduce"}});
  ranks = {r0, r2};
  clock = alignClocks(ranks, matchCollectives(ranks, {0, 1}), {{0, 5000}, {0, 5000}});
  EXPECT_EQ(clock.shift_ns, (std::vector<TimeNs>{0, -1000}));
  EXPECT_TRUE(clock.outside_window.empty());
}

Collective inGroup(TimeNs start, TimeNs end, const char* operation, const char* group, std::int64_t seq) {
  Collective c;
  c.start_ns = start;
  c.end_ns = end;
  c.operation = operation;
  c.group = group;
  c.sequence = seq;
  return c;
}

// Tensor-parallel halves (group "1": ranks 0 and 1, group "2": ranks 2 and 3, their sequence numbers
// alike) beside the all-reduce of all four (group "0"): each collective is matched among its own
// group's members, and the ranks of the other half are aligned through the group they all share.
TEST(Collectives, MatchedWithinTheirOwnGroups) {
  const std::vector<TimeNs> clock = {0, 40'000, -70'000, 900'000};
  std::vector<RankCollectives> ranks;
  for (int r = 0; r < 4; ++r) {
    const TimeNs c = clock[static_cast<std::size_t>(r)];
    const char* half = r < 2 ? "1" : "2";
    // Rank 3 arrives 500 ns late at its half's all-gathers; the halves end at different times.
    const TimeNs late = r == 3 ? 500 : 0, halfEnd = r < 2 ? 2000 : 2600;
    ranks.push_back(rankOf({inGroup(1000 + late + c, halfEnd + c, "AllGather", half, 7),
                            inGroup(3000 + c, 4000 + c, "AllReduce", "0", 3),
                            inGroup(5000 + late + c, 6000 + c, "AllGather", half, 8)}));
  }
  ranks[0].groups = {{"0", {0, 1, 2, 3}}, {"1", {0, 1}}};  // rank 0's pg_config; the others' traces say nothing
  auto match = matchCollectives(ranks, {0, 1, 2, 3});
  EXPECT_TRUE(match.notes.empty()) << match.notes.front();
  ASSERT_EQ(match.groups.size(), 3u);
  EXPECT_EQ(match.groups[0].name, "0");
  EXPECT_TRUE(match.groups[0].ranks_known);  // rank 0 said it for every rank it holds
  EXPECT_EQ(match.groups[2].name, "2");
  EXPECT_EQ(match.groups[2].ranks, (std::vector<int>{2, 3}));  // the ranks that carry it
  EXPECT_FALSE(match.groups[2].ranks_known);
  ASSERT_EQ(match.matched.size(), 5u);
  for (const auto& m : match.matched) {
    EXPECT_EQ(m.members.size(), m.operation == "AllReduce" ? 4u : 2u);
  }
  EXPECT_EQ(collectiveGroupName("AllGather", match.groups[2], 4), "AllGather in process group 2 (ranks 2, 3)");
  EXPECT_EQ(collectiveGroupName("AllReduce", match.groups[0], 4), "AllReduce in process group 0 (ranks 0-3)");

  const ClockAlignment aligned = alignClocks(ranks, match);
  EXPECT_TRUE(aligned.unaligned.empty());
  for (std::size_t r = 0; r < 4; ++r) EXPECT_EQ(aligned.shift_ns[r], -clock[r]) << r;
  EXPECT_EQ(aligned.max_residual_ns, 0);
  const auto arrivals = measureArrivals(ranks, match, aligned);
  for (std::size_t c = 0; c < match.matched.size(); ++c) {
    if (match.matched[c].operation != "AllGather" || match.matched[c].members.front() != 2) continue;
    EXPECT_EQ(arrivals[c].last_rank, 3u);
    EXPECT_EQ(arrivals[c].delay_ns, 500);
    EXPECT_EQ(arrivals[c].peer_wait_ns, (std::vector<TimeNs>{500, 0}));
  }
}

}  // namespace
}  // namespace feedscope::job
