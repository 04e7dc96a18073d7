// What a rank did around its collectives (job/collective_context.h), on hand-made device ops whose
// answers follow from how ProcessGroupNCCL and CUDA streams order them.
#include "job/collective_context.h"

#include <gtest/gtest.h>

namespace feedscope::job {
namespace {

DeviceOp op(TimeNs start, TimeNs end, std::int64_t stream, bool kernel, std::optional<std::size_t> collective,
            std::optional<std::size_t> thread, TimeNs launchStart) {
  DeviceOp o;
  o.start_ns = start;
  o.end_ns = end;
  o.stream = stream;
  o.kernel = kernel;
  o.collective = collective;
  o.thread = thread;
  o.launch_start_ns = launchStart;
  o.launch_end_ns = launchStart + 3;
  return o;
}

Collective collective(TimeNs start, TimeNs end, std::int64_t stream) {
  Collective c;
  c.start_ns = start;
  c.end_ns = end;
  c.stream = stream;
  return c;
}

TEST(CollectiveContext, ReadinessInputsGatingAndComputeBeside) {
  // Thread 0: backward kernel k1 (stream 7) then a bucket's all-reduce (0, stream 20): ready when k1
  // ends, though launched long before. k2 runs beside the all-reduce; k3 starts at its end, later than
  // its stream (k2 ended at 250) and its launch let it: it waited for the all-reduce.
  // Thread 1: a reduce-scatter (1, stream 21) whose output an all-reduce (2, stream 22) sums: ready
  // when the reduce-scatter ends, its input. Kernel k4 begins while the all-reduce (2) runs.
  std::vector<Collective> collectives = {collective(100, 300, 20), collective(400, 500, 21), collective(520, 700, 22)};
  std::vector<DeviceOp> ops = {
      op(10, 100, 7, true, std::nullopt, 0, 0),          // k1
      op(100, 300, 20, true, 0, 0, 5),                   // all-reduce
      op(100, 250, 7, true, std::nullopt, 0, 9),         // k2
      op(300, 350, 7, true, std::nullopt, 0, 13),        // k3
      op(400, 500, 21, true, 1, 1, 360),                 // reduce-scatter
      op(520, 700, 22, true, 2, 1, 370),                 // all-reduce of its output
      op(600, 650, 7, true, std::nullopt, 1, 380),       // k4
      op(380, 390, 7, false, std::nullopt, 0, 20),       // a copy: not the rank's compute
  };
  const SpanList compute = analysis::unionOf(SpanList{{10, 100}, {100, 250}, {300, 350}, {600, 650}});
  describeCollectives(collectives, ops, compute);
  EXPECT_EQ(collectives[0].ready_ns, 100);
  EXPECT_EQ(collectives[0].input, std::nullopt);
  EXPECT_TRUE(collectives[0].gates_rank);  // k3 waited for it, although k2 ran beside it
  EXPECT_EQ(collectives[0].compute_beside, (std::vector<Span>{{100, 250}}));
  EXPECT_EQ(collectives[1].ready_ns, 363);  // the first op of thread 1: ready when its launch call ended
  EXPECT_TRUE(collectives[1].gates_rank);   // nothing of the rank's own began while it ran
  EXPECT_TRUE(collectives[1].compute_beside.empty());
  EXPECT_EQ(collectives[2].ready_ns, 500);
  EXPECT_EQ(collectives[2].input, 1u);
  EXPECT_FALSE(collectives[2].gates_rank);  // k4 began beside it, and nothing waited for its end
  EXPECT_EQ(collectives[2].compute_beside, (std::vector<Span>{{600, 650}}));
}

// A kernel that began just after a collective ended because its stream was busy until then, or
// because it was launched only then, did not wait for the collective.
TEST(CollectiveContext, AKernelHeldByItsStreamOrItsLaunchDidNotWaitForTheCollective) {
  std::vector<Collective> collectives = {collective(100, 300, 20)};
  std::vector<DeviceOp> ops = {
      op(100, 300, 20, true, 0, 0, 5),
      op(150, 300, 7, true, std::nullopt, 0, 9),   // begins beside it, ends with it
      op(300, 320, 7, true, std::nullopt, 0, 10),  // its stream was busy until 300
      op(600, 620, 8, true, std::nullopt, 0, 290), // launched at 290: began when its launch let it
  };
  describeCollectives(collectives, ops, analysis::unionOf(SpanList{{150, 320}, {600, 620}}));
  EXPECT_FALSE(collectives[0].gates_rank);
}

// Work.wait() on an all-to-all whose output a device copy permutes (torchrec's pooled embeddings):
// the copy, launched long before and its stream free since the dense kernels beside the all-to-all
// ended, begins 4 µs after the all-to-all's end. Not a kernel, it is still the rank's work resuming.
TEST(CollectiveContext, ACopyThatWaitedForTheCollectiveIsTheRankResuming) {
  std::vector<Collective> collectives = {collective(100'000, 300'000, 20)};
  std::vector<DeviceOp> ops = {
      op(100'000, 300'000, 20, true, 0, 0, 90'000),
      op(110'000, 250'000, 7, true, std::nullopt, 0, 91'000),  // the dense layers beside it
      op(304'000, 310'000, 7, false, std::nullopt, 0, 92'000),  // the permute copy
      op(310'000, 400'000, 7, true, std::nullopt, 0, 93'000),  // the interaction kernel after it
  };
  describeCollectives(collectives, ops, analysis::unionOf(SpanList{{110'000, 250'000}, {310'000, 400'000}}));
  EXPECT_TRUE(collectives[0].gates_rank);
  ASSERT_TRUE(collectives[0].resumed);
  // It resumed at 304 µs; its own stream would have let it at 250 µs.
  EXPECT_EQ(*collectives[0].resumed, (Collective::Resumption{304'000, 250'000}));
}

// The host waits for an all-gather: work.wait(), then a synchronisation (a .item(), a .tolist()) open
// at its end that returns 12 µs later, nothing else of the device ending in between; the kernel after
// it is launched then and begins when its launch lets it. The host's other synchronisation, which
// waited for a kernel, returned 8 µs after it: the host wakes 8 µs after what it waits for, so its own
// work (the kernel beside the all-gather, to 280 µs) would have let it go on at 288 µs. A call that
// returns 100 µs after a collective's end, or that began after it, did not wait for it.
TEST(CollectiveContext, AHostThatBlockedUntilTheCollectiveEndedResumedWhenTheCallReturned) {
  std::vector<Collective> collectives = {collective(100'000, 300'000, 21), collective(600'000, 700'000, 21),
                                         collective(900'000, 1'000'000, 21)};
  std::vector<DeviceOp> ops = {
      op(100'000, 300'000, 21, true, 0, 0, 90'000),
      op(120'000, 280'000, 7, true, std::nullopt, 0, 95'000),    // beside the all-gather
      op(318'000, 500'000, 7, true, std::nullopt, 0, 312'000),   // launched after the host returned
      op(600'000, 700'000, 21, true, 1, 0, 590'000),
      op(610'000, 690'000, 7, true, std::nullopt, 0, 595'000),   // beside it
      op(900'000, 1'000'000, 21, true, 2, 0, 890'000),
      op(910'000, 990'000, 7, true, std::nullopt, 0, 895'000),   // beside it
  };
  const std::vector<BlockingCall> blocking = {
      {150'000, 312'000},    // waited for the all-gather
      {400'000, 508'000},    // waited for the kernel ending at 500 µs
      {650'000, 800'000},    // returned 100 µs after the second all-gather
      {1'001'000, 1'005'000},  // began after the third ended
  };
  describeCollectives(collectives, ops,
                      analysis::unionOf(SpanList{{120'000, 280'000}, {318'000, 500'000}, {610'000, 690'000}, {910'000, 990'000}}),
                      blocking);
  EXPECT_TRUE(collectives[0].gates_rank);
  ASSERT_TRUE(collectives[0].resumed);
  EXPECT_EQ(*collectives[0].resumed, (Collective::Resumption{312'000, 288'000}));
  EXPECT_FALSE(collectives[1].gates_rank);
  EXPECT_FALSE(collectives[2].gates_rank);
}

// A collective beside which nothing of the rank's own began gates it (it had nothing else to do); the
// rank resumed with the first op of its own to begin after it when that began at its end (its stream
// waited on the collective's event), not when it began 200 µs later, when its launch let it: the host
// held the rank then.
TEST(CollectiveContext, ACollectiveAloneResumesTheRankOnlyWithWorkBeganAtItsEnd) {
  std::vector<Collective> collectives = {collective(100'000, 300'000, 21), collective(500'000, 600'000, 21)};
  std::vector<DeviceOp> ops = {
      op(50'000, 100'000, 7, true, std::nullopt, 0, 10'000),
      op(100'000, 300'000, 21, true, 0, 0, 20'000),
      op(305'000, 400'000, 7, true, std::nullopt, 0, 30'000),   // launched long before: waited on its event
      op(500'000, 600'000, 21, true, 1, 0, 480'000),
      op(800'000, 900'000, 7, true, std::nullopt, 0, 797'000),  // launched at 797 µs
  };
  describeCollectives(collectives, ops, analysis::unionOf(SpanList{{50'000, 100'000}, {305'000, 400'000}, {800'000, 900'000}}));
  EXPECT_TRUE(collectives[0].gates_rank);
  ASSERT_TRUE(collectives[0].resumed);
  EXPECT_EQ(*collectives[0].resumed, (Collective::Resumption{305'000, 100'000}));
  EXPECT_TRUE(collectives[1].gates_rank);
  EXPECT_FALSE(collectives[1].resumed);
}

}  // namespace
}  // namespace feedscope::job
