// Zero-length records (instants) in traces with microsecond timestamps: kept, counted in every count,
// linked by correlation, adding no time (docs/metrics.md "Inputs").
#include <gtest/gtest.h>

#include <set>

#include "analysis/correlation_index.h"
#include "analysis/run_analysis.h"
#include "importers/kineto_import.h"
#include "support/independent_kineto.h"

namespace feedscope::io {
namespace {

// One step in 2021-style microseconds. Calls at 1001, 1002 and 1005, the pageable copy at 1070 and
// the kernel at 1080 are instants (dur 0). Known answers, by hand:
//   kernels [1010,1060] [1130,1170] and the instant 1080: K = 90 µs, the window 1010..1170 = 160 µs,
//   starvation 70 µs in one gap 1060..1130 (an instant does not split it);
//   copies: the pageable instant (512 B) and a pinned 20 µs copy of 2,000,000 B: 2 copies,
//   2,000,512 bytes, bandwidth over the timed copy only: 2e6 B / 20,000 ns = 100 GB/s.
constexpr const char* kTrace = R"json({"traceEvents":[
  {"ph":"X","cat":"user_annotation","name":"ProfilerStep#1","pid":1,"tid":1,"ts":1000,"dur":200},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":1001,"dur":0,"args":{"correlation":1}},
  {"ph":"X","cat":"cuda_runtime","name":"cudaMemcpyAsync","pid":1,"tid":1,"ts":1002,"dur":0,"args":{"correlation":2}},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":1003,"dur":1,"args":{"correlation":3}},
  {"ph":"X","cat":"cuda_runtime","name":"cudaMemcpyAsync","pid":1,"tid":1,"ts":1004,"dur":1,"args":{"correlation":4}},
  {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":1005,"dur":0,"args":{"correlation":5}},
  {"ph":"X","cat":"kernel","name":"k1","pid":0,"tid":7,"ts":1010,"dur":50,"args":{"device":0,"stream":7,"correlation":1}},
  {"ph":"X","cat":"gpu_memcpy","name":"Memcpy HtoD (Pageable -> Device)","pid":0,"tid":7,"ts":1070,"dur":0,
   "args":{"device":0,"stream":7,"correlation":2,"bytes":512}},
  {"ph":"X","cat":"kernel","name":"k_tiny","pid":0,"tid":7,"ts":1080,"dur":0,"args":{"device":0,"stream":7,"correlation":3}},
  {"ph":"X","cat":"gpu_memcpy","name":"Memcpy HtoD (Pinned -> Device)","pid":0,"tid":7,"ts":1100,"dur":20,
   "args":{"device":0,"stream":7,"correlation":4,"bytes":2000000}},
  {"ph":"X","cat":"kernel","name":"k2","pid":0,"tid":7,"ts":1130,"dur":40,"args":{"device":0,"stream":7,"correlation":5}},
  {"ph":"X","cat":"kernel","name":"broken","pid":0,"tid":7,"ts":1140,"dur":-3,"args":{"device":0,"stream":7}}
]})json";

TEST(InstantRecords, AreCountedAndLinkedAndAddNoTime) {
  trace::StringTable strings;
  trace::Run run = importKinetoJson(kTrace, strings, "instants", "inline");
  EXPECT_EQ(run.records.zero_length, 5u);  // three calls, one copy, one kernel
  EXPECT_EQ(run.records.invalid, 1u);      // only the negative duration is broken
  EXPECT_EQ(run.intervalCount(), 11u);     // every real record is in the run

  analysis::RunAnalysis ra = analysis::analyzeRun(run, strings);
  ASSERT_EQ(ra.devices.size(), 1u);
  const auto& d = ra.devices[0];
  const auto& m = d.whole;
  EXPECT_EQ(m.kernel_count, 3u);
  EXPECT_EQ(m.h2d.count, 2u);
  EXPECT_EQ(m.h2d.pageable_count, 1u);
  EXPECT_EQ(m.h2d.pinned_count, 1u);
  EXPECT_EQ(m.h2d.bytes, 2'000'512u);
  ASSERT_TRUE(m.h2d.gbps());
  EXPECT_DOUBLE_EQ(*m.h2d.gbps(), 100.0);
  EXPECT_FALSE(m.h2d.pageableGbps());  // its one copy has no time to divide by
  EXPECT_EQ(m.window_ns, 160'000);
  EXPECT_EQ(m.compute_busy_ns, 90'000);
  EXPECT_EQ(m.starvation_ns, 70'000);
  // The gaps of K inside the run's extent (the step, 1000..1200): before the first kernel, the one
  // between the kernels (not split by the instant kernel at 1080) and after the last.
  ASSERT_EQ(d.timeline.gaps.size(), 3u);
  EXPECT_EQ(d.timeline.gaps[0].span.length(), 10'000);
  EXPECT_EQ(d.timeline.gaps[1].span.length(), 70'000);
  EXPECT_EQ(d.timeline.gaps[2].span.length(), 30'000);
  EXPECT_EQ(m.gaps.total(), 70'000);

  // Linked by correlation: the instant copy has its instant call, and as a pageable copy the call
  // blocked (the pageable-call rule), for no time.
  ASSERT_EQ(d.timeline.h2d_copies.size(), 2u);
  const auto& pageable = d.timeline.h2d_copies[0];
  EXPECT_EQ(pageable.host_memory, trace::MemoryKind::Pageable);
  EXPECT_TRUE(pageable.has_api_call);
  EXPECT_TRUE(pageable.host_blocked);
  EXPECT_EQ(pageable.call_end_ns - pageable.call_start_ns, 0);
  // Every kernel finds the call that launched it, the instant calls included.
  analysis::CorrelationIndex calls(run);
  for (std::uint32_t id : {1u, 3u, 5u}) EXPECT_TRUE(calls.find(id).has_value()) << id;
}

// A real trace: HTA's a100_simple_add has 74 CUDA calls and 16 synchronisations of 0 µs. Every CUDA
// call the trace holds is in the run, and every GPU operation finds its launching call exactly when an
// independent reading of the file finds one with its correlation id.
TEST(InstantRecords, RealTraceKeepsEveryCallAndItsFlow) {
  const std::string path = std::string(FEEDSCOPE_TEST_DATA_DIR) + "/kineto/a100_simple_add.json.gz";
  auto doc = testing::PreciseJson::parse(testing::gunzipFile(path));
  std::size_t calls = 0, zeroCalls = 0, linkedOps = 0;
  std::set<long long> callIds;
  for (const auto& e : doc["traceEvents"]) {
    if (e.value("ph", "") != "X" || e.value("cat", "") != "cuda_runtime") continue;
    ++calls;
    if (e["dur"].get<long double>() == 0) ++zeroCalls;
    if (e.contains("args") && e["args"].contains("correlation")) callIds.insert(e["args"]["correlation"].get<long long>());
  }
  for (const auto& e : doc["traceEvents"]) {
    const std::string cat = e.value("cat", "");
    if (e.value("ph", "") != "X" || (cat != "kernel" && cat != "gpu_memcpy" && cat != "gpu_memset")) continue;
    if (e.contains("args") && e["args"].contains("correlation") &&
        callIds.count(e["args"]["correlation"].get<long long>()))
      ++linkedOps;
  }
  ASSERT_EQ(zeroCalls, 74u);

  trace::Session session;
  trace::Run& run = importKinetoFile(path, session);
  std::size_t runCalls = 0, runLinked = 0;
  analysis::CorrelationIndex index(run);
  for (const auto& t : run.tracks) {
    for (std::size_t i = 0; i < t.intervals.size(); ++i) {
      const auto kind = t.intervals.kind[i];
      if (kind == trace::IntervalKind::RuntimeApi) ++runCalls;
      if (trace::isGpuWork(kind) && t.intervals.correlation[i] != 0 && index.find(t.intervals.correlation[i]))
        ++runLinked;
    }
  }
  EXPECT_EQ(runCalls, calls);
  EXPECT_EQ(runLinked, linkedOps);
  EXPECT_EQ(run.records.invalid, 0u);
}

}  // namespace
}  // namespace feedscope::io
