// The canonical input-bound example in the 2021 trace format (PyTorch 1.8-1.9, the TensorBoard
// profiler tutorial's ResNet-50 with num_workers=0): steps and DataLoader iterations are "Operator"
// events, thread ids are strings. Built here event by event so every figure is known.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "analysis/run_analysis.h"
#include "importers/kineto_import.h"

namespace feedscope::io {
namespace {

// One 100 ms step (times in µs from the step's start), as torch 1.9 wrote them:
//   [1, 40)      DataLoader __next__ on the training thread (39 % of the step)
//   [40.5, 43)   aten::to → cudaMemcpyAsync; the 19 MB pageable copy runs [41, 43) on "stream 7"
//   [43.1, 43.2) cudaStreamSynchronize
//   [43.5, 58)   aten::conv2d launching the step's kernel (cudaLaunchKernel at 44); kernel [44.1, 98)
//   [60, 98.1)   cudaStreamSynchronize (loss.item())
//   [98.2, 99.8) optimizer, on another thread whose id is a name
std::string legacyTrace(int steps) {
  std::string events;
  auto add = [&](const std::string& e) { events += (events.empty() ? "" : ",\n") + e; };
  auto op = [&](const char* cat, const std::string& name, const char* tid, double ts, double dur, const std::string& args) {
    add(fmt::format(R"({{"ph": "X", "cat": "{}", "name": "{}", "pid": 4242, "tid": "{}", "ts": {}, "dur": {}, "args": {{{}}}}})",
                    cat, name, tid, ts, dur, args));
  };
  auto gpu = [&](const char* cat, const std::string& name, double ts, double dur, const std::string& args) {
    add(fmt::format(R"({{"ph": "X", "cat": "{}", "name": "{}", "pid": 0, "tid": "stream 7", "ts": {}, "dur": {}, "args": {{{}}}}})",
                    cat, name, ts, dur, args));
  };
  for (int i = 0; i < steps; ++i) {
    const double t = 1'000'000.0 + i * 100'000.0;
    const int corr = 100 + 10 * i;
    op("Operator", fmt::format("ProfilerStep#{}", i + 2), "4242", t, 100'000, R"("Input Dims": [])");
    op("Operator", "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", "4242", t + 1'000, 39'000, R"("Input Dims": [])");
    op("Operator", "aten::to", "4242", t + 40'500, 2'500, R"("Input Dims": [[32, 3, 224, 224]])");
    op("Runtime", "cudaMemcpyAsync", "4242", t + 40'600, 2'400, fmt::format(R"("correlation": {}, "external id": 3)", corr));
    gpu("Memcpy", "Memcpy HtoD (Pageable -> Device)", t + 41'000, 2'000,
        fmt::format(R"("device": 0, "stream": 7, "correlation": {}, "bytes": 19267584)", corr));
    op("Runtime", "cudaStreamSynchronize", "4242", t + 43'100, 100, R"("correlation": 0)");
    op("Operator", "aten::conv2d", "4242", t + 43'500, 14'500, R"("Input Dims": [])");
    op("Runtime", "cudaLaunchKernel", "4242", t + 44'000, 10, fmt::format(R"("correlation": {})", corr + 1));
    gpu("Kernel", "volta_scudnn_128x64_relu_interior_nn_v1", t + 44'100, 53'900,
        fmt::format(R"("device": 0, "stream": 7, "correlation": {})", corr + 1));
    op("Runtime", "cudaStreamSynchronize", "4242", t + 60'000, 38'100, R"("correlation": 0)");
    op("Operator", "Optimizer.step#SGD.step", "PyTorch Profiler (0)", t + 98'200, 1'600, R"("Input Dims": [])");
  }
  return "{\"schemaVersion\": 1, \"traceEvents\": [\n" + events + "\n]}";
}

TEST(LegacyKineto, StepsAndTheSingleProcessLoaderAreRead) {
  trace::StringTable strings;
  std::string json = legacyTrace(6);
  json.reserve(json.size() + 64);
  trace::Run run = importKinetoJson(json, strings, "resnet50_2021", "resnet50_2021.json");
  // The named thread is a track of its own, apart from the numeric "4242".
  std::size_t hostTracks = std::count_if(run.tracks.begin(), run.tracks.end(),
                                         [](const trace::Track& t) { return t.kind == trace::TrackKind::HostThread; });
  EXPECT_EQ(hostTracks, 2u);

  analysis::AnalysisOptions options;
  analysis::RunAnalysis ra = analysis::analyzeRun(run, strings, options);
  ASSERT_EQ(ra.devices.size(), 1u);
  const analysis::DeviceAnalysis& d = ra.devices[0];
  ASSERT_TRUE(d.step_summary);
  EXPECT_EQ(d.step_summary->count, 6u);
  EXPECT_EQ(d.step_summary->median_ns, 100'000'000);
  EXPECT_EQ(d.steps.front().step.number, 2);
  // Data loading: 39 ms of every step, and the GPU waited through it (the first step's loading comes
  // before the first GPU operation, outside the GPU window).
  EXPECT_EQ(d.whole.gaps[analysis::GapCause::HostDataLoading], 5 * 39'000'000);

  auto finding = std::find_if(d.findings.begin(), d.findings.end(),
                              [](const analysis::Finding& f) { return f.id == "sync_dataloader"; });
  ASSERT_NE(finding, d.findings.end());
  EXPECT_EQ(finding->severity, analysis::Severity::High);
  EXPECT_NE(finding->sentence.find("39.00 %"), std::string::npos) << finding->sentence;
  EXPECT_NE(finding->fix.find("num_workers"), std::string::npos);
  EXPECT_EQ(d.verdict, analysis::InputBoundVerdict::HighlyInputBound);
  // Prefetched: the 53.9 ms kernel plus the named host work left in the input gap (the sync's tail,
  // the optimizer, aten::to's own time and the launch): well under the measured 100 ms.
  EXPECT_LT(d.what_if.prefetch_step_ns, 60'000'000);
  EXPECT_GT(d.what_if.prefetch_step_ns, 53'900'000);
}

}  // namespace
}  // namespace feedscope::io
