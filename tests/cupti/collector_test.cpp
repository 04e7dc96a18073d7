// The collector without a GPU: plain-words errors (subscriber taken, no driver), clean failure of
// start(), the clock triples. Recording itself is checked on the GPU machine (tests/gpu).
#include "cupti/collector.h"
#include "trace/clock.h"

#include <gtest/gtest.h>

#include "cupti/clock.h"
#include "cupti/cupti_error.h"

namespace feedscope::cupti {
namespace {

class NullSink : public ActivitySink {
 public:
  void consume(const DecodedBatch& batch) override { intervals += batch.intervals.size(); }
  std::size_t intervals = 0;
};

TEST(CuptiErrors, SubscriberTakenIsSaidInPlainWordsOnOneLine) {
  std::string m =
      describeCuptiFailure("cuptiSubscribe", kCuptiMultipleSubscribers,
                           "CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED", "CUPTI for torch.profiler");
  EXPECT_NE(m.find("another profiler (CUPTI for torch.profiler)"), std::string::npos) << m;
  EXPECT_NE(m.find("only one"), std::string::npos) << m;
  EXPECT_NE(m.find("CUPTI error 39"), std::string::npos) << m;
  EXPECT_EQ(m.find('\n'), std::string::npos);
  std::string anonymous = describeCuptiFailure("cuptiSubscribe", kCuptiMultipleSubscribers, "");
  EXPECT_EQ(anonymous.rfind("another profiler already records", 0), 0u) << anonymous;
  CollectorError e(m, kCuptiMultipleSubscribers);
  EXPECT_TRUE(e.subscriberTaken());
}

TEST(CuptiErrors, OtherFailuresNameTheCallAndTheCode) {
  EXPECT_EQ(describeCuptiFailure("cuptiActivityEnable", 21, "CUPTI_ERROR_INVALID_KIND"),
            "cuptiActivityEnable failed: CUPTI error 21 (CUPTI_ERROR_INVALID_KIND)");
  EXPECT_EQ(describeCuptiFailure("cuptiSubscribe", 999, ""), "cuptiSubscribe failed: CUPTI error 999");
  EXPECT_NE(describeCuptiFailure("x", kCuptiInsufficientPrivileges, "").find("not allowed to profile"),
            std::string::npos);
  EXPECT_FALSE(CollectorError("x", 999).subscriberTaken());
}

TEST(Collector, StartWithoutADriverFailsCleanlyAndCanBeRetried) {
  NullSink sink;
  Collector collector(sink);
  try {
    collector.start();
  } catch (const CollectorError& first) {
    EXPECT_FALSE(collector.running());
    EXPECT_EQ(std::string(first.what()).find('\n'), std::string::npos);
    EXPECT_FALSE(std::string(first.what()).empty());
    // Nothing was left registered: a second attempt fails the same way, not "already recording".
    try {
      collector.start();
      FAIL() << "the second start succeeded where the first failed";
    } catch (const CollectorError& second) {
      EXPECT_EQ(second.cuptiResult(), first.cuptiResult());
    }
    CollectorStats s = collector.stop();
    EXPECT_EQ(s.records, 0u);
    return;
  }
  collector.stop();
  GTEST_SKIP() << "CUPTI started: this machine has a CUDA driver (tests/gpu checks recording)";
}

TEST(Collector, StopWithoutStartIsHarmless) {
  NullSink sink;
  Collector collector(sink);
  CollectorStats s = collector.stop();
  EXPECT_EQ(s, CollectorStats{});
  EXPECT_FALSE(collector.running());
  EXPECT_FALSE(Collector::inForkedChild());
}

TEST(Clock, TriplesGiveTheWallClockOffsetAndCuptiSkew) {
  ClockTriple t{1'000'500, 1'000'000, 1'700'000'000'000'000'000};
  EXPECT_EQ(t.realtimeOffsetNs(), 1'700'000'000'000'000'000 - 1'000'000);
  EXPECT_EQ(t.cuptiSkewNs(), 500);
  trace::TimeNs before = trace::monotonicNowNs();
  ClockTriple now = clockTripleAround(before);
  EXPECT_GT(before, 0);
  EXPECT_GE(now.monotonic_ns, before);
  EXPECT_GT(now.realtime_ns, now.monotonic_ns);  // the epoch is long before this boot
}

}  // namespace
}  // namespace feedscope::cupti
