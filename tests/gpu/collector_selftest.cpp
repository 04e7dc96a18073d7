// On the GPU: a known kernel and known copies are recorded with the right kinds, bytes, memory kinds and
// order, on CLOCK_MONOTONIC, with their runtime calls; a profiler already subscribed is reported plainly.
#include <cupti.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "cupti/collector.h"
#include "cupti/run_sink.h"
#include "trace/session.h"
#include "workload/gpu_devices.h"
#include "workload/gpu_error.h"
#include "workload/selftest.h"

namespace feedscope {
namespace {

bool haveGpu(std::string* why) {
  try {
    workload::listGpus();
    return true;
  } catch (const workload::NoGpuError& e) {
    *why = e.what();
    return false;
  }
}

#define SKIP_WITHOUT_GPU()                   \
  do {                                       \
    std::string why;                         \
    if (!haveGpu(&why)) GTEST_SKIP() << why; \
  } while (0)

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += "  - " + l + "\n";
  return out;
}

TEST(CollectorSelftest, KnownKernelAndCopiesAreRecordedAsIssued) {
  SKIP_WITHOUT_GPU();
  trace::Session session;
  cupti::RunSink sink(session.strings);
  cupti::CollectorOptions options;
  options.markers = true;  // sets NVTX_INJECTION64_PATH before this process's first NVTX call
  cupti::Collector collector(sink, options);
  collector.start();
  sink.beginRun("self-test");
  workload::KnownWork work = workload::runKnownWork(0);
  collector.flushAll();
  session.runs.push_back(sink.takeRun().finish());
  cupti::CollectorStats stats = collector.stop();

  const trace::Run& run = session.runs[0];
  std::vector<std::string> problems = workload::checkKnownWork(run, session.strings, work, false);
  EXPECT_TRUE(problems.empty()) << "the recording differs from the work issued:\n" << joined(problems);
  EXPECT_EQ(stats.dropped, 0u);
  EXPECT_EQ(stats.invalid, 0u);
  EXPECT_GT(stats.records, work.operations.size());
  // CUPTI's clock is CLOCK_MONOTONIC through the timestamp callback (its default is CLOCK_REALTIME,
  // decades away).
  EXPECT_LT(std::llabs(stats.at_start.cuptiSkewNs()), 1'000'000) << stats.at_start.cuptiSkewNs();
  EXPECT_LT(std::llabs(stats.at_stop.cuptiSkewNs()), 1'000'000) << stats.at_stop.cuptiSkewNs();
  ASSERT_FALSE(run.devices.empty()) << "no DEVICE record";
  EXPECT_FALSE(run.devices[0].name.empty());
  EXPECT_EQ(run.devices[0].uuid.rfind("GPU-", 0), 0u);

  std::vector<std::string> range = workload::checkKnownWork(run, session.strings, work, true);
  EXPECT_EQ(range.size(), problems.size()) << "NVTX ranges are not recorded:\n" << joined(range);
}

TEST(CollectorSelftest, AProfilerAlreadySubscribedIsReportedInPlainWords) {
  SKIP_WITHOUT_GPU();
  CUpti_SubscriberHandle other = nullptr;
  auto ignore = [](void*, CUpti_CallbackDomain, CUpti_CallbackId, const void*) {};
  ASSERT_EQ(cuptiSubscribe(&other, +ignore, nullptr), CUPTI_SUCCESS);
  trace::StringTable strings;
  cupti::RunSink sink(strings);
  cupti::Collector collector(sink);
  try {
    collector.start();
    ADD_FAILURE() << "the collector started while another subscriber held CUPTI";
    collector.stop();
  } catch (const cupti::CollectorError& e) {
    EXPECT_TRUE(e.subscriberTaken()) << e.what();
    EXPECT_NE(std::string(e.what()).find("only one"), std::string::npos) << e.what();
    EXPECT_FALSE(collector.running());
  }
  cuptiUnsubscribe(other);
}

}  // namespace
}  // namespace feedscope
