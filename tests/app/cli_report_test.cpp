// feedscope report end to end: HTML output, --fail-if gating with its exit codes, and Nsight
// Systems exports accepted by every command.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/cli_run.h"
#include "support/nsys_export.h"
#include "support/temp_dir.h"

namespace {

using feedscope::testing::lineCount;
using feedscope::testing::readWholeFile;
using feedscope::testing::runCli;
using feedscope::testing::TempDir;

std::string data(const std::string& rel) {
  return std::string(FEEDSCOPE_TEST_DATA_DIR) + "/" + rel;
}

TEST(CliReport, HtmlGoesToAFileOrStdout) {
  TempDir dir;
  std::string out = dir.file("report.html");
  auto r = runCli("report " + data("h200/h200_naive.json.gz") + " --compare " +
                  data("h200/h200_prefetch.json.gz") + " --format html -o " + out);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "wrote " + out + "\n");
  std::string html = readWholeFile(out);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("h200_prefetch: 1.75x the steps per second of h200_naive"), std::string::npos);
  EXPECT_NE(html.find("</html>"), std::string::npos);
  auto piped = runCli("report " + data("kineto/a100_simple_add.json.gz") + " --format html");
  ASSERT_EQ(piped.code, 0) << piped.err;
  EXPECT_EQ(piped.out.rfind("<!DOCTYPE html>", 0), 0u);
}

TEST(CliReport, FailIfExitsFourAndSaysWhichThresholdWhileTheReportStillPrints) {
  auto r =
      runCli("report " + data("h200/h200_naive.json.gz") +
             " --fail-if 'starvation>20%' --fail-if 'h2d_overlap_pct<80' --fail-if 'steps.median_ns>1s'");
  EXPECT_EQ(r.code, 4);
  EXPECT_EQ(r.err,
            "feedscope: threshold crossed: starvation_pct > 20 (run h200_naive, GPU 0: 45.06)\n"
            "feedscope: threshold crossed: h2d_overlap_pct < 80 (run h200_naive, GPU 0: 0.00)\n");
  EXPECT_NE(r.out.find("starvation (compute idle)"), std::string::npos);

  TempDir dir;
  std::string json = dir.file("r.json");
  auto toFile = runCli("report " + data("h200/h200_naive.json.gz") + " --format json -o " + json +
                       " --fail-if 'step_time > 20 ms'");
  EXPECT_EQ(toFile.code, 4);
  EXPECT_EQ(toFile.err,
            "wrote " + json +
                "\nfeedscope: threshold crossed: steps.median_ns > 20.0 ms (run h200_naive, GPU 0: 21.0 "
                "ms)\n");
  EXPECT_EQ(nlohmann::json::parse(readWholeFile(json))["runs"][0]["name"], "h200_naive");
}

TEST(CliReport, FailIfPassesWithinTheThresholdsAndNotesWhatItCannotCheck) {
  auto pass = runCli("report " + data("h200/h200_naive.json.gz") +
                     " --format json --fail-if 'starvation_pct>50'" + " --fail-if 'h2d_pageable_count>32'");
  EXPECT_EQ(pass.code, 0) << pass.err;
  EXPECT_TRUE(pass.err.empty()) << pass.err;
  auto noSteps = runCli("report " + data("kineto/a100_simple_add.json.gz") + " --fail-if 'step_time>1ms'");
  EXPECT_EQ(noSteps.code, 0);
  EXPECT_EQ(
      noSteps.err,
      "feedscope: note: not checked: step_time>1ms: run a100_simple_add, GPU 0 has no steps.median_ns\n");
  auto compared = runCli("report " + data("h200/h200_naive.json.gz") + " --compare " +
                         data("h200/h200_prefetch.json.gz") + " --fail-if 'throughput_ratio<1.5'");
  EXPECT_EQ(compared.code, 0) << compared.err;
  auto regressed = runCli("report " + data("h200/h200_naive.json.gz") + " --compare " +
                          data("h200/h200_prefetch.json.gz") + " --fail-if 'throughput_ratio<2'");
  EXPECT_EQ(regressed.code, 4);
  EXPECT_EQ(
      regressed.err,
      "feedscope: threshold crossed: comparison.throughput_ratio < 2 (h200_prefetch against h200_naive: "
      "1.74786)\n");
}

TEST(CliReport, BadThresholdsAreUsageErrors) {
  for (const char* expression : {"starvaton>20", "starvation>>20", "steps>1", "starvation_ns>5%"}) {
    auto r = runCli("report " + data("h200/h200_naive.json.gz") + " --fail-if '" + expression + "'");
    EXPECT_EQ(r.code, 2) << expression;
    EXPECT_EQ(lineCount(r.err), 1) << r.err;
    EXPECT_EQ(r.err.rfind(std::string("feedscope: error: --fail-if '") + expression + "': ", 0), 0u) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
  // Checked before the input is read: a typo fails at once, whatever the file.
  auto r = runCli("report /nonexistent.json --fail-if 'nope>1'");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("unknown key 'nope'"), std::string::npos) << r.err;
}

TEST(CliReport, NsysExportsWorkWithEveryCommand) {
  TempDir dir;
  std::string nsys = dir.file("report1.sqlite");
  {
    feedscope::testing::NsysExportWriter w(nsys);
    w.enums();
    w.gpu(0, 0, "NVIDIA H200");
    w.kernel(1'000'000, 1'010'000, 0, 7, 1, "k");
    w.memcpy(1'010'000, 1'030'000, 0, 7, 2, 200'000, 1, 0, 2);  // pageable
    w.memcpy(1'030'000, 1'035'000, 0, 8, 3, 200'000, 1, 1, 2);  // pinned
    w.kernel(1'035'000, 1'040'000, 0, 7, 4, "k");
  }
  auto json = runCli("report " + nsys + " --format json");
  ASSERT_EQ(json.code, 0) << json.err;
  auto doc = nlohmann::json::parse(json.out);
  const auto& device = doc["runs"][0]["devices"][0];
  EXPECT_EQ(doc["runs"][0]["name"], "report1");
  EXPECT_EQ(device["device_name"], "NVIDIA H200");
  EXPECT_EQ(device["h2d_pageable_count"], 1);
  EXPECT_EQ(device["h2d_pinned_count"], 1);
  EXPECT_DOUBLE_EQ(device["h2d_pageable_gbps"].get<double>(), 10.0);
  EXPECT_DOUBLE_EQ(device["h2d_pinned_gbps"].get<double>(), 40.0);
  EXPECT_EQ(device["starvation_ns"], 25'000);

  std::string session = dir.file("s.feedscope");
  auto imported = runCli("import " + nsys + " -o " + session + " --name nsys-run");
  ASSERT_EQ(imported.code, 0) << imported.err;
  auto fromSession = runCli("report " + session + " --fail-if 'h2d_pageable_count>0'");
  EXPECT_EQ(fromSession.code, 4);
  EXPECT_EQ(fromSession.err,
            "feedscope: threshold crossed: h2d_pageable_count > 0 (run nsys-run, GPU 0: 1)\n");
  std::string csv = dir.file("i.csv");
  ASSERT_EQ(runCli("export " + nsys + " --format csv -o " + csv).code, 0);
  EXPECT_EQ(lineCount(readWholeFile(csv)), 5);  // header and four intervals

  std::string foreign = dir.file("other.db");
  {
    feedscope::testing::NsysExportWriter w(foreign);
    w.exec("CREATE TABLE t (x INTEGER);");
  }
  auto refused = runCli("report " + foreign);
  EXPECT_EQ(refused.code, 2);
  EXPECT_EQ(refused.err,
            "feedscope: error: " + foreign +
                ": an SQLite database that is neither a Feedscope session nor an Nsight Systems export "
                "(make one with `nsys export --type sqlite`)\n");
}

}  // namespace
