// The self-test's check on recordings built here: a faithful one passes, each kind of fault is named.
#include <gtest/gtest.h>

#include "trace/run_builder.h"
#include "trace/session.h"
#include "workload/selftest.h"

namespace feedscope::workload {
namespace {

using trace::IntervalKind;
using trace::MemoryKind;

KnownWork known() {
  KnownWork w;
  w.range_name = "feedscope self-test";
  w.pid = 10;
  w.tid = 11;
  w.started_ns = 1'000'000;
  w.finished_ns = 2'000'000;
  w.operations = {
      {IntervalKind::MemcpyHtoD, 1u << 20, MemoryKind::Pageable, "", "cudaMemcpy", ""},
      {IntervalKind::Kernel, 0, MemoryKind::Unknown, "feedscopeSelftestKernel", "cudaLaunchKernel",
       R"("grid": [4096, 1, 1], "block": [256, 1, 1])"},
      {IntervalKind::MemcpyDtoH, 4u << 20, MemoryKind::Pinned, "", "cudaMemcpyAsync", ""}};
  return w;
}

// A recording as the collector would make it of `known()`, with `tweak` applied to the GPU records.
// With `kernelThroughDriver`, the kernel's call is the driver's cuLaunchKernel (as cuBLAS launches).
trace::Session recording(const std::function<void(std::vector<trace::Interval>&)>& tweak = {},
                         bool kernelThroughDriver = false) {
  trace::Session s;
  trace::RunBuilder b("self-test");
  std::vector<trace::Interval> gpu(3);
  gpu[0] = {1'100'000,         1'200'000, IntervalKind::MemcpyHtoD, 1u << 20, MemoryKind::Pageable,
            MemoryKind::Device};
  gpu[1] = {1'300'000, 1'400'000, IntervalKind::Kernel};
  gpu[1].name = s.strings.intern("feedscope::workload::feedscopeSelftestKernel(float*, int)");
  gpu[1].arguments = b.addArguments(R"({"grid": [4096, 1, 1], "block": [256, 1, 1], "registers per thread": 16})");
  gpu[2] = {1'500'000, 1'600'000, IntervalKind::MemcpyDtoH, 4u << 20, MemoryKind::Device, MemoryKind::Pinned};
  for (std::uint32_t i = 0; i < 3; ++i) gpu[i].correlation = i + 1;
  if (tweak) tweak(gpu);
  for (const auto& iv : gpu) b.add(b.gpuTrack(0, 13), iv);
  const char* calls[] = {"cudaMemcpy", kernelThroughDriver ? "cuLaunchKernel" : "cudaLaunchKernel", "cudaMemcpyAsync"};
  for (std::uint32_t i = 0; i < 3; ++i) {
    const bool driver = i == 1 && kernelThroughDriver;
    trace::Interval call{1'050'000 + i * 200'000, 1'090'000 + i * 200'000,
                         driver ? IntervalKind::DriverApi : IntervalKind::RuntimeApi};
    call.name = s.strings.intern(calls[i]);
    call.correlation = i + 1;
    b.add(b.hostTrack(10, 11), call);
  }
  trace::Interval range{1'010'000, 1'700'000, IntervalKind::Range};
  range.name = s.strings.intern("feedscope self-test");
  b.add(b.hostTrack(10, 11), range);
  s.runs.push_back(b.finish());
  return s;
}

TEST(SelftestCheck, AFaithfulRecordingPasses) {
  trace::Session s = recording();
  EXPECT_EQ(checkKnownWork(s.runs[0], s.strings, known(), true), std::vector<std::string>{});
}

// The self-test's second kernel is launched through the driver: its driver call is its launching call.
TEST(SelftestCheck, AKernelLaunchedThroughTheDriverPassesWithItsDriverCall) {
  KnownWork w = known();
  w.operations[1].api = "cuLaunchKernel";
  trace::Session s = recording({}, true);
  EXPECT_TRUE(checkKnownWork(s.runs[0], s.strings, w, true).empty());
  trace::Session runtime = recording();
  std::vector<std::string> problems = checkKnownWork(runtime.runs[0], runtime.strings, w, true);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0], "operation 2 (kernel): issued by cudaLaunchKernel, expected cuLaunchKernel");
}

TEST(SelftestCheck, EachFaultIsNamed) {
  auto problemsWith = [](const std::function<void(std::vector<trace::Interval>&)>& tweak) {
    trace::Session s = recording(tweak);
    return checkKnownWork(s.runs[0], s.strings, known(), true);
  };
  auto first = [](const std::vector<std::string>& p) { return p.empty() ? std::string() : p.front(); };
  EXPECT_EQ(first(problemsWith([](auto& g) { g.pop_back(); })),
            "2 GPU operations were recorded, 3 were issued");
  EXPECT_EQ(first(problemsWith([](auto& g) { g[0].src = MemoryKind::Pinned; })),
            "operation 1 (memcpy_htod): host memory recorded as pinned, it was pageable");
  EXPECT_EQ(first(problemsWith([](auto& g) { g[2].bytes = 4; })),
            "operation 3 (memcpy_dtoh): 4 bytes recorded, 4194304 copied");
  EXPECT_EQ(first(problemsWith([](auto& g) { g[1].kind = IntervalKind::Memset; })),
            "operation 2 (kernel): recorded as memset");
  EXPECT_EQ(first(problemsWith([](auto& g) { g[2].end_ns = 2'500'000; })),
            "operation 3 (memcpy_dtoh): at 1500000..2500000 ns, outside the CLOCK_MONOTONIC time of the work "
            "1000000..2000000 ns");
  EXPECT_EQ(first(problemsWith([](auto& g) { g[1].correlation = 99; })),
            "operation 2 (kernel): no runtime or driver call with its correlation id 99");
  EXPECT_EQ(first(problemsWith([](auto& g) { g[1].arguments = 0; })),
            R"(operation 2 (kernel): its launch configuration is missing, it does not say "grid": [4096, 1, 1], )"
            R"("block": [256, 1, 1])");
  EXPECT_EQ(first(problemsWith([](auto& g) { std::swap(g[0].correlation, g[2].correlation); })),
            "operation 1 (memcpy_htod): issued by cudaMemcpyAsync, expected cudaMemcpy");
}

TEST(SelftestCheck, MissingRangeAndLostRecordsAreNamed) {
  trace::Session s = recording();
  KnownWork w = known();
  w.range_name = "another range";
  s.runs[0].records.dropped = 3;
  std::vector<std::string> p = checkKnownWork(s.runs[0], s.strings, w, true);
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[0], "the NVTX range \"another range\" was not recorded on the issuing thread");
  EXPECT_EQ(p[1], "3 records were dropped");
  EXPECT_EQ(checkKnownWork(s.runs[0], s.strings, w, false).size(), 1u);
}

}  // namespace
}  // namespace feedscope::workload
