// The input pipeline as the Python hooks record it (analysis/input_pipeline.h), on a run built here with
// figures chosen so that every answer is worked out by hand below.
#include "analysis/input_pipeline.h"

#include <gtest/gtest.h>

#include "analysis/input_pipeline_findings.h"
#include "trace/run_builder.h"
#include "trace/session.h"

namespace feedscope::analysis {
namespace {

using trace::IntervalKind;
constexpr TimeNs kMs = 1'000'000;

// Four steps of 20 ms on the main thread, each starting with a 10 ms wait in next(loader); two workers
// (processes 20 and 21) building the four batches in 30 ms each, 6 ms of it CPU; the process may use 4
// cores; every batch a TileBatch that pin_memory() left with its 2 tensors unpinned; two .to() calls
// of batch tensors from train.py:42, 1 ms each, non_blocking from pageable memory.
struct Pipeline {
  trace::Session session;
  trace::Run run;

  Pipeline() {
    trace::StringTable& s = session.strings;
    trace::RunBuilder b("loop");
    const std::size_t main = b.hostTrack(10, 10, "python3 10");
    auto add = [&](std::size_t track, TimeNs start, TimeNs end, IntervalKind kind, const std::string& name,
                   const std::string& args = "") {
      trace::Interval iv{start, end, kind};
      iv.name = s.intern(name);
      if (!args.empty()) iv.arguments = b.addArguments(args);
      b.add(track, iv);
    };
    for (int k = 0; k < 4; ++k) {
      const TimeNs at = 100 * kMs + k * 20 * kMs;
      add(main, at, at + 20 * kMs, IntervalKind::Step, "step " + std::to_string(k));
      add(main, at, at + 10 * kMs, IntervalKind::DataLoading, "DataLoader.__next__ batch " + std::to_string(k),
          R"({"batch": )" + std::to_string(k) + R"(, "workers": 2, "cpus": 4})");
      add(main, at + 12 * kMs, at + 13 * kMs, IntervalKind::Range, "pin_memory",
          R"({"batch type": "TileBatch", "tensors": 2, "pinned tensors": 0, "defines pin_memory": false})");
      const std::size_t worker = b.loaderTrack(k % 2, 20 + k % 2, "python3 " + std::to_string(20 + k % 2));
      add(worker, at - 30 * kMs, at, IntervalKind::LoaderWork, "load batch " + std::to_string(k),
          R"({"batch": )" + std::to_string(k) + R"(, "cpu_ns": 6000000, "batch type": "TileBatch"})");
    }
    for (int c = 0; c < 2; ++c) {
      const TimeNs at = 110 * kMs + c * 20 * kMs;
      add(main, at, at + kMs, IntervalKind::HostOp, "Tensor.to",
          R"({"device": "cuda:0", "non_blocking": true, "source pinned": false, "line": "train.py:42"})");
    }
    // A .to() to the CPU, and one from pinned memory: neither blocks on a pageable copy.
    add(main, 150 * kMs, 151 * kMs, IntervalKind::HostOp, "Tensor.to",
        R"({"device": "cpu", "non_blocking": false, "source pinned": false, "line": "eval.py:7"})");
    add(main, 152 * kMs, 153 * kMs, IntervalKind::HostOp, "Tensor.to",
        R"({"device": "cuda:0", "non_blocking": true, "source pinned": true, "line": "train.py:50"})");
    run = b.finish();
  }
};

TEST(InputPipeline, WaitsWorkersAndStepsAreReadFromTheHooksRanges) {
  Pipeline f;
  std::optional<InputPipeline> p = analyzeInputPipeline(f.run, f.session.strings);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->workers, 2);
  EXPECT_EQ(p->batches, 4u);
  EXPECT_EQ(p->batch_type, "TileBatch");
  EXPECT_EQ(p->batch_ns, 30 * kMs);
  EXPECT_EQ(p->batch_cpu_ns, 6 * kMs);
  EXPECT_EQ(p->steps, 4u);
  EXPECT_EQ(p->window_ns, 80 * kMs);
  EXPECT_EQ(p->wait_ns, 40 * kMs);
  EXPECT_DOUBLE_EQ(p->wait_pct, 50.0);
  EXPECT_EQ(p->step_ns, 20 * kMs);
  EXPECT_EQ(p->step_without_wait_ns, 10 * kMs);
  EXPECT_EQ(p->cores, 4);
  ASSERT_EQ(p->longest_waits.size(), 4u);
  EXPECT_EQ(p->longest_waits[0].length(), 10 * kMs);
}

// step(n) = max(own 10 ms, batch 30 ms / n, (own 10 + CPU 6) / 4 cores = 4 ms): 30, 15, 10, 10 ms; three
// workers are the fewest that keep up.
TEST(InputPipeline, TheStepWithNWorkersAndTheNumberThatKeepsUp) {
  Pipeline f;
  InputPipeline p = *analyzeInputPipeline(f.run, f.session.strings);
  EXPECT_EQ(p.keeps_up_at, 3);
  std::vector<WorkerPrediction> want = {{1, 30 * kMs}, {2, 15 * kMs}, {3, 10 * kMs}, {4, 10 * kMs}};
  EXPECT_EQ(p.predictions, want);
  EXPECT_EQ(cpuBoundStepNs(p), 4 * kMs);
  // On one core the loop's own 10 ms and a batch's 6 ms of CPU need 16 ms a step: no number keeps up.
  p.cores = 1;
  EXPECT_EQ(predictedStepNs(p, 8), 16 * kMs);
  // Without workers the main thread builds each batch inside its step.
  EXPECT_EQ(predictedStepNs(p, 0), 40 * kMs);
}

TEST(InputPipeline, AnUnpinnedBatchTypeAndTheBlockingCopyLineAreFound) {
  Pipeline f;
  InputPipeline p = *analyzeInputPipeline(f.run, f.session.strings);
  ASSERT_TRUE(p.unpinned);
  EXPECT_EQ(p.unpinned->type, "TileBatch");
  EXPECT_FALSE(p.unpinned->defines_pin_memory);
  EXPECT_EQ(p.unpinned->batches, 4u);
  EXPECT_EQ(p.unpinned->tensors, 2u);
  ASSERT_EQ(p.blocking_copies.size(), 1u);  // not the copy to the CPU, nor the one from pinned memory
  EXPECT_EQ(p.blocking_copies[0].line, "train.py:42");
  EXPECT_TRUE(p.blocking_copies[0].non_blocking);
  EXPECT_EQ(p.blocking_copies[0].calls, 2u);
  EXPECT_EQ(p.blocking_copies[0].host_ns, 2 * kMs);
}

TEST(InputPipeline, FindingsNameTheWorkersThatKeepUpThePinTrapAndTheLine) {
  Pipeline f;
  std::vector<Finding> out;
  inputPipelineFindings(*analyzeInputPipeline(f.run, f.session.strings), out);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].id, "loader_workers");
  EXPECT_EQ(out[0].severity, Severity::High);  // 50 % >= 30 %
  EXPECT_EQ(out[0].sentence,
            "The main thread waited 50.00 % of its 4 steps for the DataLoader (40.0 ms); its 2 workers take 30.0 ms "
            "a batch (6.00 ms of it CPU), while a step's own work takes 10.0 ms: 3 workers would keep up: a step "
            "in 10.0 ms instead of 20.0 ms (a core each, of the 4 this process may use).");
  EXPECT_EQ(out[0].fix, "DataLoader(num_workers=3).");
  EXPECT_EQ(out[0].host_ns, 40 * kMs);
  EXPECT_EQ(out[1].id, "unpinned_batch_type");
  EXPECT_EQ(out[1].sentence,
            "DataLoader(pin_memory=True) returned TileBatch, which defines no pin_memory(): its tensors were never "
            "pinned (4 batches of 2 tensors), so every copy of them to the GPU is a pageable copy, which blocks the "
            "host.");
  EXPECT_EQ(out[2].id, "blocking_batch_copy");
  EXPECT_NE(out[2].sentence.find("`train.py:42` copies batch tensors to the GPU from memory that is not pinned "
                                 "(2 calls, 2.00 ms on the host), with non_blocking=True"),
            std::string::npos)
      << out[2].sentence;
}

TEST(InputPipeline, NothingWithoutTheHooksRanges) {
  trace::Session s;
  trace::RunBuilder b("plain");
  trace::Interval step{1, 10 * kMs, IntervalKind::Step};
  step.name = s.strings.intern("step 0");
  b.add(b.hostTrack(1, 1), step);
  // PyTorch's own DataLoader range (a Kineto trace) is data loading, but not the hooks' measure.
  trace::Interval kineto{1, 5 * kMs, IntervalKind::DataLoading};
  kineto.name = s.strings.intern("enumerate(DataLoader)#_MultiProcessingDataLoaderIter.__next__");
  b.add(b.hostTrack(1, 1), kineto);
  trace::Run run = b.finish();
  EXPECT_FALSE(analyzeInputPipeline(run, s.strings));
}

}  // namespace
}  // namespace feedscope::analysis
