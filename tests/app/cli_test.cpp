// The feedscope CLI end to end: exit codes, one-line errors, and the reports and files it writes.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/cli_run.h"
#include "support/temp_dir.h"

namespace {

using feedscope::testing::TempDir;

using Result = feedscope::testing::CliResult;

Result run(const std::string& args) { return feedscope::testing::runCli(args); }

std::string data(const std::string& rel) { return std::string(FEEDSCOPE_TEST_DATA_DIR) + "/" + rel; }

int lines(const std::string& s) { return feedscope::testing::lineCount(s); }

TEST(Cli, ReportOnTheA100TraceShowsTheFiguresAndThePageableFinding) {
  Result r = run("report " + data("kineto/a100_simple_add.json.gz"));
  ASSERT_EQ(r.code, 0) << r.err;
  for (const char* needle : {"GPU window", "starvation (compute idle)", "99.93 %", "copy only", "0.24 %",
                             "H2D copies      16 (pageable 16, pinned 0)", "H2D overlap     0.00 %", "exposed 39.1 ms",
                             "6.25 GB/s", "Input copies from pageable memory"}) {
    EXPECT_NE(r.out.find(needle), std::string::npos) << needle << "\n" << r.out;
  }
}

TEST(Cli, JsonReportIsMachineReadable) {
  Result r = run("report --format json " + data("h200/h200_stream.json.gz"));
  ASSERT_EQ(r.code, 0) << r.err;
  auto doc = nlohmann::json::parse(r.out);
  EXPECT_NEAR(doc["runs"][0]["devices"][0]["h2d_overlap_pct"].get<double>(), 78.85, 0.015);
}

TEST(Cli, ImportThenReportWithComparisonAndExports) {
  TempDir dir;
  std::string session = dir.file("s.feedscope");
  ASSERT_EQ(run("import " + data("h200/h200_naive.json.gz") + " -o " + session + " --name off").code, 0);
  Result append = run("import " + data("h200/h200_stream.json.gz") + " -o " + session + " --name on --append");
  ASSERT_EQ(append.code, 0) << append.err;
  EXPECT_NE(append.err.find("2 runs"), std::string::npos);

  Result report = run("report " + session + " --format md");
  ASSERT_EQ(report.code, 0) << report.err;
  EXPECT_NE(report.out.find("## Comparison: 2 runs against off (baseline)"), std::string::npos) << report.out;

  Result cmp = run("report " + session + " --run off --compare-run on");
  ASSERT_EQ(cmp.code, 0) << cmp.err;
  EXPECT_NE(cmp.out.find("on: 1.76x the steps per second of off"), std::string::npos) << cmp.out;

  Result files = run("report " + data("h200/h200_naive.json.gz") + " --compare " + data("h200/h200_prefetch.json.gz"));
  ASSERT_EQ(files.code, 0) << files.err;
  EXPECT_NE(files.out.find("h200_prefetch: 1.75x the steps per second of h200_naive"), std::string::npos) << files.out;

  for (const char* format : {"chrome", "csv", "csv-steps"}) {
    std::string out = dir.file(std::string("export.") + format);
    Result e = run("export " + session + " --format " + format + " -o " + out);
    ASSERT_EQ(e.code, 0) << e.err;
    EXPECT_GT(feedscope::testing::readWholeFile(out).size(), 1000u) << format;
  }
  std::string steps = feedscope::testing::readWholeFile(dir.file("export.csv-steps"));
  EXPECT_EQ(lines(steps), 1 + 16 + 16);
}

TEST(Cli, BadInputExitsTwoWithOneLine) {
  TempDir dir;
  std::string empty = dir.file("empty.json", "");
  std::string text = dir.file("x.txt", "not a trace");
  std::string invalid = dir.file("bad.json", "{\"traceEvents\": [1,");
  std::string wrong = dir.file("wrong.json", "{\"a\": 1}");
  std::string gz = feedscope::testing::readWholeFile(data("kineto/compare_base.json.gz"));
  std::string truncated = dir.file("cut.json.gz", gz.substr(0, gz.size() / 2));
  for (const std::string& file : {empty, text, invalid, wrong, truncated, dir.path.string(), dir.file("missing.json")}) {
    Result r = run("report " + file);
    EXPECT_EQ(r.code, 2) << file;
    EXPECT_EQ(lines(r.err), 1) << r.err;
    EXPECT_EQ(r.err.rfind("feedscope: error: " + file + ": ", 0), 0u) << r.err;
    EXPECT_TRUE(r.out.empty());
  }
}

TEST(Cli, UsageErrorsExitTwoAndHelpExitsZero) {
  EXPECT_EQ(run("").code, 2);
  EXPECT_EQ(run("frobnicate").code, 2);
  EXPECT_EQ(run("report").code, 2);
  EXPECT_EQ(run("report x --format pdf").code, 2);
  EXPECT_EQ(run("report " + data("h200/h200_naive.json.gz") + " --run nope").code, 2);
  for (const char* cmd : {"--help", "report --help", "import --help", "export --help"}) {
    Result r = run(cmd);
    EXPECT_EQ(r.code, 0) << cmd;
    EXPECT_NE(r.out.find("Usage"), std::string::npos) << cmd;
  }
  EXPECT_NE(run("--version").out.find("feedscope "), std::string::npos);
}

TEST(Cli, ImportRefusesToOverwriteNothingOnFailure) {
  TempDir dir;
  std::string session = dir.file("s.feedscope");
  ASSERT_EQ(run("import " + data("h200/h200_naive.json.gz") + " -o " + session).code, 0);
  std::string before = feedscope::testing::readWholeFile(session);
  EXPECT_EQ(run("import " + dir.file("bad.json", "{") + " -o " + session + " --append").code, 2);
  EXPECT_EQ(feedscope::testing::readWholeFile(session), before);
}

}  // namespace
