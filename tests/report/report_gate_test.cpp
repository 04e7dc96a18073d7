// --fail-if thresholds: the forms accepted, the errors given, and evaluation on known figures.
#include "report/report_gate.h"

#include <gtest/gtest.h>

#include "analysis/comparison.h"
#include "io/input_error.h"
#include "support/run_fixture.h"

namespace feedscope::report {
namespace {

using testing::RunFixture;

std::string keyOf(const std::string& expression) {
  return parseThreshold(expression).keyName();
}

std::string errorOf(const std::string& expression) {
  try {
    parseThreshold(expression);
  } catch (const io::InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Threshold, AcceptsKeysShortNamesAndUnits) {
  Threshold t = parseThreshold("starvation_pct>20");
  EXPECT_EQ(t.keyName(), "starvation_pct");
  EXPECT_EQ(t.op, ThresholdOp::Greater);
  EXPECT_EQ(t.limit, 20);
  EXPECT_FALSE(t.on_comparison);

  t = parseThreshold(" h2d_overlap < 80 % ");
  EXPECT_EQ(t.keyName(), "h2d_overlap_pct");
  EXPECT_EQ(t.op, ThresholdOp::Less);
  EXPECT_EQ(t.limit, 80);

  EXPECT_EQ(keyOf("starvation>20%"), "starvation_pct");
  EXPECT_EQ(keyOf("copy_only>=5"), "copy_only_pct");
  EXPECT_EQ(keyOf("compute_busy<50"), "compute_busy_pct");
  EXPECT_EQ(keyOf("fully_idle>10"), "fully_idle_pct");
  EXPECT_EQ(keyOf("median_step>1"), "steps.median_ns");
  EXPECT_EQ(keyOf("prefetch_effectiveness<1"), "h2d_overlap_pct");
  EXPECT_EQ(keyOf("input_bound>5"), "run_input_bound_pct");
  EXPECT_EQ(keyOf("input_bound_pct>5"), "input_bound_pct");
  EXPECT_EQ(keyOf("overlap<50"), "h2d_overlap_pct");
  EXPECT_EQ(keyOf("h2d_pageable_count!=0"), "h2d_pageable_count");
  EXPECT_EQ(keyOf("what_if.copies_hidden_speedup>1.2"), "what_if.copies_hidden_speedup");
  EXPECT_EQ(keyOf("h2d.sync_count>0"), "h2d.sync_count");
  EXPECT_EQ(keyOf("steps_per_second<40"), "steps.steps_per_second");

  t = parseThreshold("step_time>=20ms");
  EXPECT_EQ(t.keyName(), "steps.median_ns");
  EXPECT_EQ(t.op, ThresholdOp::GreaterOrEqual);
  EXPECT_EQ(t.limit, 20e6);
  EXPECT_EQ(parseThreshold("steps.p90_ns<=1.5s").limit, 1.5e9);
  EXPECT_EQ(parseThreshold("gaps_ns.copy_wait_pageable>10us").limit, 1e4);
  EXPECT_EQ(parseThreshold("exposed_h2d_ns>250µs").limit, 2.5e5);
  EXPECT_EQ(parseThreshold("exposed_h2d_ns>1e6").limit, 1e6);
  EXPECT_EQ(parseThreshold("kernel_count==0").op, ThresholdOp::Equal);
  EXPECT_EQ(parseThreshold("kernel_count=0").op, ThresholdOp::Equal);

  t = parseThreshold("comparison.throughput_ratio<1.5");
  EXPECT_TRUE(t.on_comparison);
  EXPECT_EQ(t.keyName(), "comparison.throughput_ratio");
  EXPECT_EQ(keyOf("throughput_ratio<1.5"), "comparison.throughput_ratio");
  EXPECT_EQ(keyOf("comparison.deltas.starvation_pct.delta>0"), "comparison.deltas.starvation_pct.delta");
}

TEST(Threshold, RefusesWhatItCannotCheckInOneLine) {
  const std::string unknown = "(use a numeric key of a device in the JSON report, see docs/report-json.md)";
  EXPECT_EQ(errorOf("starvaton>20"), "--fail-if 'starvaton>20': unknown key 'starvaton' " + unknown);
  EXPECT_EQ(errorOf("steps>1"),
            "--fail-if 'steps>1': 'steps' is a group, not a number (name one of its keys, e.g. steps.count)");
  EXPECT_EQ(errorOf("verdict>1"), "--fail-if 'verdict>1': 'verdict' is not a number");
  EXPECT_EQ(errorOf("device_name==1"), "--fail-if 'device_name==1': 'device_name' is not a number");
  EXPECT_EQ(errorOf("comparison.nope<1"),
            "--fail-if 'comparison.nope<1': unknown key 'comparison.nope' " + unknown);
  EXPECT_EQ(errorOf("starvation_ns>20%"),
            "--fail-if 'starvation_ns>20%': '%' fits a share (a *_pct key), not starvation_ns");
  EXPECT_EQ(errorOf("starvation_pct>20ms"),
            "--fail-if 'starvation_pct>20ms': a time unit fits a time (a *_ns key), not starvation_pct");
  for (const char* malformed : {"starvation_pct>>20", "starvation_pct>abc", "", "starvation_pct", ">20",
                                "starvation_pct 20", "starvation_pct>20 %%"}) {
    EXPECT_EQ(errorOf(malformed),
              "--fail-if '" + std::string(malformed) +
                  "': expected KEY OP NUMBER, e.g. 'starvation_pct>20' or 'h2d_overlap<80%'")
        << malformed;
  }
  EXPECT_EQ(errorOf("starvation_pct>1e999"), "--fail-if 'starvation_pct>1e999': the number is out of range");
}

TEST(Threshold, ComparesAsWritten) {
  Threshold t = parseThreshold("starvation_pct>=5");
  EXPECT_TRUE(t.crossedBy(5));
  EXPECT_FALSE(t.crossedBy(4.99));
  EXPECT_TRUE(parseThreshold("h2d_overlap_pct<80").crossedBy(79.9));
  EXPECT_FALSE(parseThreshold("h2d_overlap_pct<80").crossedBy(80));
  EXPECT_TRUE(parseThreshold("kernel_count!=3").crossedBy(2));
  EXPECT_FALSE(parseThreshold("kernel_count<=3").crossedBy(3.5));
}

// A run whose GPU window is 30 ns with 20 ns of kernels: starvation 33.33 %; the one input copy
// [5, 25) is half hidden under the kernels.
trace::Session knownRun(const std::string& name) {
  RunFixture f(name);
  f.kernel(0, 10);
  f.kernel(20, 30);
  f.h2d(5, 25, 4096);
  return f.finish();
}

TEST(Threshold, EvaluatesPerRunAndDevice) {
  trace::Session s = knownRun("base");
  Report report = buildReport(s, "x", {});
  std::vector<Threshold> thresholds = {
      parseThreshold("starvation>30%"),      parseThreshold("starvation>40%"),
      parseThreshold("h2d_overlap_pct<80"),  parseThreshold("exposed_h2d_ns>=10ns"),
      parseThreshold("steps.median_ns>1ns"), parseThreshold("throughput_ratio<2")};
  GateResult gate = evaluateThresholds(report, thresholds);
  EXPECT_EQ(gate.crossed, (std::vector<std::string>{"starvation_pct > 30 (run base, GPU 0: 33.33)",
                                                    "h2d_overlap_pct < 80 (run base, GPU 0: 50.00)",
                                                    "exposed_h2d_ns >= 10 ns (run base, GPU 0: 10 ns)"}));
  EXPECT_EQ(gate.skipped,
            (std::vector<std::string>{"steps.median_ns>1ns: run base, GPU 0 has no steps.median_ns",
                                      "throughput_ratio<2: the report compares no runs"}));
  EXPECT_TRUE(evaluateThresholds(report, {}).crossed.empty());
}

TEST(Threshold, EvaluatesComparisons) {
  trace::Session s = knownRun("a");
  RunFixture faster("b");
  faster.kernel(0, 10);
  faster.kernel(10, 20);
  faster.h2d(5, 15, 4096, trace::MemoryKind::Pinned);
  trace::Session sb = faster.finish();
  Report report = buildReport(s, "x", {});
  Report second = buildReport(sb, "y", {});
  report.runs.push_back(second.runs[0]);
  report.analyses.push_back(second.analyses[0]);
  compareAgainst(report, 0);
  GateResult gate = evaluateThresholds(report, {parseThreshold("comparison.throughput_ratio<2"),
                                                parseThreshold("comparison.throughput_ratio<1.4"),
                                                parseThreshold("comparison.deltas.starvation_pct.delta>=0")});
  // 30 ns against 20 ns of GPU window: 1.5x.
  EXPECT_EQ(gate.crossed, (std::vector<std::string>{"comparison.throughput_ratio < 2 (b against a: 1.5)"}));
  EXPECT_TRUE(gate.skipped.empty());
}

}  // namespace
}  // namespace feedscope::report
