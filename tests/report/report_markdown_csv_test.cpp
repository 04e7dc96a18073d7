// The Markdown report and the per-step CSV on runs with known answers: escaping of names that would
// be Markdown, the evidence of findings, and exact per-step figures.
#include <gtest/gtest.h>

#include <cstdio>

#include "analysis/comparison.h"
#include "report/csv_export.h"
#include "report/report.h"
#include "support/run_fixture.h"
#include "support/temp_dir.h"

namespace feedscope::report {
namespace {

using testing::RunFixture;

// Two 15 ns steps; kernels [0, 10) and [20, 30); a pageable copy [5, 25) fills the one gap.
trace::Session twoSteps(const std::string& name, std::uint64_t copyBytes = 4096) {
  RunFixture f(name);
  f.kernel(0, 10, 7, 1);
  f.kernel(20, 30, 7, 2);
  f.h2d(5, 25, copyBytes);
  f.step(0, 15, 1);
  f.step(15, 30, 2);
  return f.finish();
}

TEST(MarkdownReport, NamesFromTracesCannotBecomeMarkup) {
  trace::Session s = twoSteps("k<float>|x_y_ *b* [l](u) `c` &amp;");
  s.runs[0].devices.push_back({0, "GPU <img src=x>", ""});
  Report report = buildReport(s, "in`put.json", {});
  std::string md = renderMarkdownReport(report);
  EXPECT_NE(md.find("# Feedscope report: in\\`put.json\n"), std::string::npos) << md;
  EXPECT_NE(
      md.find("## k\\<float\\>\\|x_y\\_ \\*b\\* \\[l\\](u) \\`c\\` \\&amp; · GPU 0 (GPU \\<img src=x\\>)\n"),
      std::string::npos)
      << md;
  for (std::size_t at = md.find('<'); at != std::string::npos; at = md.find('<', at + 1)) {
    EXPECT_EQ(md[at - 1], '\\') << "an unescaped '<' at " << at;
  }
}

TEST(MarkdownReport, FindingsCarryTheirEvidence) {
  // 4 MiB: pageable copies of a few KiB never make a finding (weighted by bytes and time).
  trace::Session s = twoSteps("run", 4 << 20);
  std::string md = renderMarkdownReport(buildReport(s, "x", {}));
  EXPECT_NE(md.find("- **\\[high\\] Input copies from pageable memory** (GPU 0) · *costs 10 ns of GPU idle time "
                    "(33.33 % of the GPU window)* — "),
            std::string::npos)
      << md;
  // The evidence of a root is the idle time it explains: the copy's part where no kernel ran.
  EXPECT_NE(md.find("  - *Evidence* (1 range, longest first, from the run's start): +10 ns..+20 ns "
                    "(pageable copy, 4.00 MiB at 209715 GB/s; GPU idle 10 ns of it)\n"),
            std::string::npos)
      << md;
}

TEST(MarkdownReport, ComparisonTableShowsChangesAndDirection) {
  trace::Session a = twoSteps("a");
  RunFixture fb("b");
  fb.kernel(0, 10, 7, 1);
  fb.kernel(10, 20, 7, 2);
  fb.step(0, 10, 1);
  fb.step(10, 20, 2);
  trace::Session b = fb.finish();
  Report report = buildReport(a, "a", {});
  Report second = buildReport(b, "b", {});
  report.runs.push_back(second.runs[0]);
  report.analyses.push_back(second.analyses[0]);
  compareAgainst(report, 0);
  std::string md = renderMarkdownReport(report);
  EXPECT_NE(md.find("## Comparison: 2 runs against a (baseline)\n"), std::string::npos) << md;
  EXPECT_NE(md.find("| figure | a | b |\n|---|---:|---:|\n"), std::string::npos) << md;
  EXPECT_NE(md.find("| speed against the baseline | baseline | 1.50x |\n"), std::string::npos) << md;
  EXPECT_NE(md.find("| median step time | 15 ns | 10 ns (-5 ns) ✅ |\n"), std::string::npos) << md;
  EXPECT_NE(md.find("| starvation | 33.33 % | 0.00 % (-33.33 pt) ✅ |\n"), std::string::npos) << md;
  EXPECT_NE(md.find("| kernels | 2 | 2 (+0) |\n"), std::string::npos) << md;
}

TEST(StepsCsv, ExactFiguresPerStep) {
  trace::Session s = twoSteps("run, \"A\"");
  Report report = buildReport(s, "x", {});
  testing::TempDir dir;
  std::string path = dir.file("steps.csv");
  std::FILE* f = std::fopen(path.c_str(), "w");
  writeStepsCsv(report.analyses, f);
  std::fclose(f);
  std::string csv = testing::readWholeFile(path);
  EXPECT_EQ(
      csv,
      "run,device,step,name,start_ns,duration_ns,compute_busy_ns,starvation_ns,starvation_pct,copy_only_ns,"
      "fully_idle_ns,exposed_h2d_ns,h2d_overlap_pct,input_wait_pct,copy_wait_pageable_ns,copy_wait_pinned_"
      "ns,"
      "host_data_loading_ns,host_blocked_in_cuda_ns,host_launch_overhead_ns,host_other_ns,dependency_other_"
      "ns,"
      "h2d_count,h2d_bytes,kernel_count,prefetch_ns,input_bound_pct\n"
      // Step 1 starts the 4 KiB copy: 164 ns at the assumed 25 GB/s, longer than the step, so no gain.
      // Step 2 starts no copy: its copy wait goes, leaving the 10 ns kernel.
      "\"run, "
      "\"\"A\"\"\",0,1,ProfilerStep#1,1000000,15,10,5,33.3333,5,0,5,50.0000,33.3333,5,0,0,0,0,0,0,1,4096,1,15,0.0000\n"
      "\"run, "
      "\"\"A\"\"\",0,2,ProfilerStep#2,1000015,15,10,5,33.3333,5,0,5,50.0000,33.3333,5,0,0,0,0,0,0,0,0,1,10,33.3333\n");
}

}  // namespace
}  // namespace feedscope::report
