// Chrome-trace and CSV exports and the text, JSON and Markdown reports.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "report/chrome_trace_export.h"
#include "report/csv_export.h"
#include "importers/kineto_import.h"
#include "report/report.h"
#include "support/independent_kineto.h"
#include "support/run_fixture.h"
#include "support/temp_dir.h"

namespace feedscope::report {
namespace {

using nlohmann::json;
using testing::TempDir;

std::string dataPath(const std::string& rel) { return std::string(FEEDSCOPE_TEST_DATA_DIR) + "/" + rel; }

// The architecture example with a hostile kernel name.
trace::Session exampleSession() {
  testing::RunFixture f("example, \"quoted\"");
  f.kernel(0, 10, 7, 1);
  f.kernel(20, 30, 7, 2);
  f.h2d(5, 25, 4096);
  f.host(trace::IntervalKind::Range, "<script>alert(1)</script> | pipe", 0, 30);
  return f.finish();
}

TEST(ChromeTrace, OpensAsJsonWithAStarvationTrack) {
  TempDir dir;
  trace::Session s = exampleSession();
  Report report = buildReport(s, "example", {});
  std::string path = dir.file("trace.json");
  exportChromeTrace(s, report.analyses, path);
  json doc = json::parse(testing::readWholeFile(path));
  ASSERT_TRUE(doc["traceEvents"].is_array());
  int kernels = 0, copies = 0, starvation = 0, threadNames = 0;
  for (const auto& e : doc["traceEvents"]) {
    std::string ph = e["ph"];
    if (ph == "M") {
      threadNames += e["name"] == "thread_name";
      continue;
    }
    ASSERT_EQ(ph, "X");
    if (e["cat"] == "kernel") ++kernels;
    if (e["cat"] == "memcpy_htod") {
      ++copies;
      EXPECT_EQ(e["args"]["src_memory"], "pageable");
      EXPECT_EQ(e["args"]["bytes"], 4096);
      EXPECT_EQ(e["ts"].get<double>(), 0.005);  // 5 ns after the origin, in µs
      EXPECT_EQ(e["dur"].get<double>(), 0.020);
    }
    if (e["cat"] == "starvation") {
      ++starvation;
      EXPECT_EQ(e["name"], "copy wait (pageable)");
      EXPECT_EQ(e["args"]["cause"], "copy_wait_pageable");
      EXPECT_EQ(e["dur"].get<double>(), 0.010);
    }
  }
  EXPECT_EQ(kernels, 2);
  EXPECT_EQ(copies, 1);
  EXPECT_EQ(starvation, 1);
  EXPECT_EQ(threadNames, 3);  // GPU stream, host thread, starvation
  EXPECT_EQ(doc["otherData"]["run_time_origins_ns"]["example, \"quoted\""], testing::kBase);
}

// A CUDA call and the kernel and copy it launched (correlation 5 and 6): a flow from each call to its
// operation, as Perfetto draws it ("s" on the call's thread at its start, "f" binding to the
// operation's start on the GPU), one id per pair; a kernel without a call has none.
TEST(ChromeTrace, LaunchesAreFlowsToTheirGpuOperations) {
  testing::RunFixture f("flows");
  f.api("cudaLaunchKernel", 0, 5, 5);
  f.api("cudaMemcpyAsync", 10, 12, 6);
  f.kernel(20, 30, 7, 5);
  f.h2d(40, 60, 4096, trace::MemoryKind::Pinned, 7, 6);
  f.kernel(70, 80, 7, 9);
  trace::Session s = f.finish();
  Report report = buildReport(s, "flows", {});
  TempDir dir;
  exportChromeTrace(s, report.analyses, dir.file("t.json"));
  json doc = json::parse(testing::readWholeFile(dir.file("t.json")));
  std::map<long long, json> starts, ends;
  std::map<std::string, std::pair<int, int>> sliceThread;  // cat → pid, tid of the run's slices
  for (const auto& e : doc["traceEvents"]) {
    if (e["ph"] == "s") starts[e["id"].get<long long>()] = e;
    if (e["ph"] == "f") ends[e["id"].get<long long>()] = e;
    if (e["ph"] == "X") sliceThread[e["cat"]] = {e["pid"].get<int>(), e["tid"].get<int>()};
  }
  ASSERT_EQ(starts.size(), 2u);
  ASSERT_EQ(ends.size(), 2u);
  std::set<double> callTimes, opTimes;
  for (const auto& [id, start] : starts) {
    ASSERT_EQ(ends.count(id), 1u);
    const json& end = ends[id];
    EXPECT_EQ(end["bp"], "e");
    EXPECT_EQ(start["pid"].get<int>(), sliceThread["runtime_api"].first);
    EXPECT_EQ(start["tid"].get<int>(), sliceThread["runtime_api"].second);
    EXPECT_EQ(end["pid"].get<int>(), sliceThread["kernel"].first);
    callTimes.insert(start["ts"].get<double>());
    opTimes.insert(end["ts"].get<double>());
  }
  EXPECT_EQ(callTimes, (std::set<double>{0.0, 0.010}));
  EXPECT_EQ(opTimes, (std::set<double>{0.020, 0.040}));
}

TEST(ChromeTrace, RunsRecordedApartStartTogetherAndReadAsTheReportDoes) {
  // Two runs 4.7 s apart on the clock: in the export each starts at 0, and an evidence range of the
  // report is at the same time in the export (the run's start is time 0 everywhere).
  trace::Session s;
  io::importKinetoFile(dataPath("h200/h200_naive.json.gz"), s);
  io::importKinetoFile(dataPath("h200/h200_stream.json.gz"), s);
  Report report = buildReport(s, "two", {});
  TempDir dir;
  exportChromeTrace(s, report.analyses, dir.file("t.json"));
  json doc = json::parse(testing::readWholeFile(dir.file("t.json")));
  // pids: run r's processes are numbered from r * 1000 + 1.
  std::map<int, double> earliestOfRun;
  std::set<long long> copyStartsNs;
  for (const auto& e : doc["traceEvents"]) {
    if (e["ph"] != "X") continue;
    int run = (e["pid"].get<int>() - 1) / 1000;
    double ts = e["ts"].get<double>();
    earliestOfRun[run] = earliestOfRun.count(run) ? std::min(earliestOfRun[run], ts) : ts;
    if (run == 0 && e["cat"] == "memcpy_htod") copyStartsNs.insert(std::llround(ts * 1000));
  }
  ASSERT_EQ(earliestOfRun.size(), 2u);
  EXPECT_EQ(earliestOfRun[0], 0.0);
  EXPECT_EQ(earliestOfRun[1], 0.0);
  const analysis::RunAnalysis& naive = report.analyses[0];
  const auto& findings = naive.devices[0].findings;
  auto found = std::find_if(findings.begin(), findings.end(), [](const auto& f) { return f.id == "pageable_h2d"; });
  ASSERT_NE(found, findings.end());
  const analysis::Finding& pageable = *found;
  const trace::TimeNs evidence = pageable.ranges.front().span.start - naive.time_origin;
  EXPECT_EQ(copyStartsNs.count(evidence), 1u) << evidence;
}

// Every argument the trace gave an interval is in the export, as the trace wrote it, once each.
TEST(ChromeTrace, ExportsTheTracesOwnArgumentsOnceEach) {
  TempDir dir;
  const std::string source = dir.file("args.json", R"json({"traceEvents": [
    {"ph": "X", "cat": "kernel", "name": "gemm", "pid": 0, "tid": 7, "ts": 10, "dur": 5,
     "args": {"device": 0, "stream": 7, "correlation": 3, "grid": [8, 1, 1], "block": [544, 1, 1],
              "registers per thread": 96, "est. achieved occupancy %": 12.5}},
    {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": 8, "dur": 1,
     "args": {"correlation": 3, "cbid": 211}},
    {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 7, "dur": 3,
     "args": {"Input Dims": [[2, 3], [3, 4]], "note": "tab\tand \"quotes\""}}]})json");
  trace::Session s;
  io::importKinetoFile(source, s);
  Report report = buildReport(s, "args", {});
  exportChromeTrace(s, report.analyses, dir.file("t.json"));
  const std::string text = testing::readWholeFile(dir.file("t.json"));
  json doc = json::parse(text);
  std::map<std::string, json> argsByName;
  for (const auto& e : doc["traceEvents"]) {
    if (e["ph"] == "X" && e.contains("args")) argsByName[e["name"].get<std::string>()] = e["args"];
  }
  const json& gemm = argsByName["gemm"];
  EXPECT_EQ(gemm["grid"], json::parse("[8, 1, 1]"));
  EXPECT_EQ(gemm["block"], json::parse("[544, 1, 1]"));
  EXPECT_EQ(gemm["registers per thread"], 96);
  EXPECT_EQ(gemm["est. achieved occupancy %"], 12.5);
  EXPECT_EQ(gemm["correlation"], 3);
  EXPECT_EQ(gemm["stream"], 7);
  EXPECT_EQ(argsByName["cudaLaunchKernel"]["cbid"], 211);
  EXPECT_EQ(argsByName["aten::mm"]["Input Dims"], json::parse("[[2, 3], [3, 4]]"));
  EXPECT_EQ(argsByName["aten::mm"]["note"], "tab\tand \"quotes\"");
  // A key the export writes itself (the correlation) is not written a second time from the trace.
  const std::size_t line = text.find(R"("name":"gemm")");
  ASSERT_NE(line, std::string::npos);
  const std::string gemmLine = text.substr(line, text.find('\n', line) - line);
  EXPECT_EQ(gemmLine.find(R"("correlation":)"), gemmLine.rfind(R"("correlation":)"));
}

TEST(ChromeTrace, RealTraceExportsEveryInterval) {
  TempDir dir;
  trace::Session s;
  io::importKinetoFile(dataPath("h200/h200_naive.json.gz"), s);
  Report report = buildReport(s, "naive", {});
  exportChromeTrace(s, report.analyses, dir.file("t.json"));
  json doc = json::parse(testing::readWholeFile(dir.file("t.json")));
  std::size_t slices = 0, starvation = 0;
  for (const auto& e : doc["traceEvents"]) {
    if (e["ph"] != "X") continue;
    if (e["cat"] == "starvation") {
      ++starvation;
    } else {
      ++slices;
    }
  }
  EXPECT_EQ(slices, s.intervalCount());
  EXPECT_GT(starvation, 100u);
  // Every kernel keeps its launch configuration: counted independently in the source trace.
  json source = json::parse(testing::gunzipFile(dataPath("h200/h200_naive.json.gz")));
  std::size_t sourceGrids = 0, exportedGrids = 0;
  for (const auto& e : source["traceEvents"]) {
    if (e.value("cat", "") == "kernel" && e.contains("args") && e["args"].contains("grid")) ++sourceGrids;
  }
  for (const auto& e : doc["traceEvents"]) {
    if (e["ph"] == "X" && e["cat"] == "kernel" && e["args"].contains("grid")) ++exportedGrids;
  }
  EXPECT_GT(sourceGrids, 0u);
  EXPECT_EQ(exportedGrids, sourceGrids);
}

TEST(Csv, IntervalsAndStepsAreQuotedAndComplete) {
  TempDir dir;
  trace::Session s = exampleSession();
  std::string path = dir.file("i.csv");
  {
    std::FILE* f = std::fopen(path.c_str(), "w");
    writeIntervalsCsv(s, f);
    std::fclose(f);
  }
  std::string csv = testing::readWholeFile(path);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 5);  // header + 4 intervals
  EXPECT_NE(csv.find("\"example, \"\"quoted\"\"\""), std::string::npos);
  EXPECT_NE(csv.find(",memcpy_htod,,1000005,1000025,20,4096,pageable,device,0"), std::string::npos) << csv;
  EXPECT_EQ(csvField("plain"), "plain");
  EXPECT_EQ(csvField("a\nb"), "\"a\nb\"");
  // Names a spreadsheet would run as formulas are written as text (OWASP): a leading '.
  EXPECT_EQ(csvField("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
  EXPECT_EQ(csvField("+1"), "'+1");
  EXPECT_EQ(csvField("-2+3"), "'-2+3");
  EXPECT_EQ(csvField("@SUM(A1)"), "'@SUM(A1)");
  EXPECT_EQ(csvField("\tx"), "'\tx");
  EXPECT_EQ(csvField("\rx"), "\"'\rx\"");
  EXPECT_EQ(csvField("-a,b"), "\"'-a,b\"");
  EXPECT_EQ(csvField("a=b"), "a=b");
  EXPECT_EQ(csvField(""), "");

  trace::Session real;
  io::importKinetoFile(dataPath("h200/h200_naive.json.gz"), real);
  Report report = buildReport(real, "naive", {});
  std::string stepsPath = dir.file("steps.csv");
  std::FILE* f = std::fopen(stepsPath.c_str(), "w");
  writeStepsCsv(report.analyses, f);
  std::fclose(f);
  std::string steps = testing::readWholeFile(stepsPath);
  EXPECT_EQ(std::count(steps.begin(), steps.end(), '\n'), 17);  // header + 16 steps
  EXPECT_EQ(steps.rfind("run,device,step,name,start_ns,duration_ns", 0), 0u);
}

TEST(Reports, JsonHasTheStableKeys) {
  trace::Session s;
  io::importKinetoFile(dataPath("kineto/a100_simple_add.json.gz"), s);
  Report report = buildReport(s, "a100", {});
  json doc = json::parse(renderJsonReport(report));
  EXPECT_EQ(doc["feedscope_report_version"], 1);
  const json& d = doc["runs"][0]["devices"][0];
  for (const char* key : {"window_ns", "compute_busy_ns", "starvation_pct", "copy_only_pct", "fully_idle_pct",
                          "h2d_count", "h2d_pageable_count", "h2d_pinned_count", "h2d_overlap_pct", "exposed_h2d_ns",
                          "h2d_gbps", "dropped_records", "steps", "findings", "verdict", "what_if", "gaps_ns"}) {
    EXPECT_TRUE(d.contains(key)) << key;
  }
  EXPECT_EQ(d["h2d_pageable_count"], 16);
  EXPECT_EQ(d["h2d_pinned_count"], 0);
  EXPECT_EQ(d["steps"]["count"], 0);
  // The causes sum to the starvation.
  std::int64_t sum = 0;
  for (auto& [k, v] : d["gaps_ns"].items()) sum += v.get<std::int64_t>();
  EXPECT_EQ(sum, d["starvation_ns"].get<std::int64_t>());
  bool pageable = false;
  for (const auto& f : d["findings"]) pageable |= f["id"] == "pageable_h2d";
  EXPECT_TRUE(pageable);
  EXPECT_TRUE(doc["comparisons"].empty());
}

TEST(Reports, TextAndMarkdownTellTheStory) {
  trace::Session s;
  io::importKinetoFile(dataPath("h200/h200_naive.json.gz"), s);
  io::importKinetoFile(dataPath("h200/h200_stream.json.gz"), s);
  Report report = buildReport(s, "h200", {});
  compareAgainst(report, 0);
  std::string text = renderTextReport(report);
  EXPECT_NE(text.find("Run h200_naive · GPU 0 (NVIDIA H200) · 16 steps"), std::string::npos);
  EXPECT_NE(text.find("starvation (compute idle)"), std::string::npos);
  EXPECT_NE(text.find("45.06 %"), std::string::npos);
  EXPECT_NE(text.find("[high] Input copies from pageable memory"), std::string::npos);
  EXPECT_NE(text.find("Comparison: 2 runs against h200_naive (baseline)"), std::string::npos) << text;
  EXPECT_NE(text.find("h200_stream: 1.76x the steps per second of h200_naive"), std::string::npos) << text;
  // The comparison comes before the per-run details.
  EXPECT_LT(text.find("Comparison: 2 runs"), text.find("Run h200_naive · GPU 0"));
  std::string md = renderMarkdownReport(report);
  EXPECT_NE(md.find("## h200_naive · GPU 0 (NVIDIA H200)"), std::string::npos);
  EXPECT_NE(md.find("| **starvation** | **"), std::string::npos);

  trace::Session hostile = exampleSession();
  std::string hostileMd = renderMarkdownReport(buildReport(hostile, "x|y", {}));
  EXPECT_NE(hostileMd.find("## example, \"quoted\" · GPU 0"), std::string::npos);
}

TEST(Reports, HostOnlyTraceDoesNotDivideByZero) {
  trace::Session s;
  io::importKinetoFile(dataPath("kineto/cpu_only.json.gz"), s);
  Report report = buildReport(s, "cpu", {});
  std::string text = renderTextReport(report);
  EXPECT_NE(text.find("no GPU activity"), std::string::npos);
  EXPECT_NE(text.find("[info] No GPU activity"), std::string::npos);
  json doc = json::parse(renderJsonReport(report));
  EXPECT_TRUE(doc["runs"][0]["devices"].empty());
  EXPECT_EQ(doc["runs"][0]["findings"][0]["id"], "no_gpu_activity");
}

}  // namespace
}  // namespace feedscope::report
