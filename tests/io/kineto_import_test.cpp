// Kineto import on the real traces of tests/data, checked against an independent reading and the
// figures that came with the H200 traces; legacy and current formats; every kind of bad input.
#include "importers/kineto_import.h"

#include <gtest/gtest.h>
#include <simdjson.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "analysis/run_analysis.h"
#include "read/file_bytes.h"
#include "io/input_error.h"
#include "importers/open_input.h"
#include "support/gzip_text.h"
#include "support/independent_kineto.h"
#include "support/temp_dir.h"
#include "trace/collective_names.h"
#include "trace/process_groups.h"

namespace feedscope::io {
namespace {

namespace fs = std::filesystem;
using trace::IntervalKind;
using trace::MemoryKind;

std::string dataPath(const std::string& rel) { return std::string(FEEDSCOPE_TEST_DATA_DIR) + "/" + rel; }

using testing::TempDir;

// What an independent reader computed for the H200 traces (fixtures/h200/README.md).
struct Expected {
  const char* file;
  double starvation, idle;
  int pageable, pinned;
  double overlap, exposedMs, gbps;
};
constexpr Expected kH200[] = {
    {"h200_naive", 45.06, 26.51, 32, 0, 0.0, 60.64, 5.19},
    {"h200_prefetch", 15.67, 12.90, 0, 32, 0.0, 5.75, 54.75},
    {"h200_trap", 49.14, 30.96, 32, 0, 0.0, 64.15, 4.90},
    {"h200_custombatch", 45.06, 27.31, 32, 0, 0.0, 58.00, 5.42},
    {"h200_stream", 15.96, 15.29, 0, 32, 78.85, 1.27, 52.26},
};

class H200Traces : public ::testing::TestWithParam<Expected> {};

TEST_P(H200Traces, AgreeWithTheFiguresThatCameWithThem) {
  const Expected& x = GetParam();
  trace::Session session;
  trace::Run& run = importKinetoFile(dataPath(std::string("h200/") + x.file + ".json.gz"), session);
  EXPECT_EQ(run.name, x.file);
  analysis::RunAnalysis ra = analysis::analyzeRun(run, session.strings);
  ASSERT_EQ(ra.devices.size(), 1u);
  const auto& d = ra.devices[0];
  EXPECT_EQ(d.device_name, "NVIDIA H200");
  const auto& m = d.whole;
  // "within rounding": the reading rounded to two decimals from float microseconds.
  EXPECT_NEAR(m.starvationPct(), x.starvation, 0.015);
  EXPECT_NEAR(m.fullyIdlePct(), x.idle, 0.015);
  EXPECT_EQ(static_cast<int>(m.h2d.pageable_count), x.pageable);
  EXPECT_EQ(static_cast<int>(m.h2d.pinned_count), x.pinned);
  EXPECT_NEAR(m.h2dOverlapPct().value_or(-1), x.overlap, 0.015);
  EXPECT_NEAR(static_cast<double>(m.exposed_h2d_ns) / 1e6, x.exposedMs, 0.006);
  EXPECT_NEAR(m.h2d.gbps().value_or(-1), x.gbps, 0.006);
  // 16 profiled steps; 48 memcpy of which 16 are the loss read back.
  ASSERT_TRUE(d.step_summary);
  EXPECT_EQ(d.step_summary->count, 16u);
  EXPECT_EQ(m.h2d.count, 32u);
  EXPECT_EQ(m.d2h.count, 16u);
}

INSTANTIATE_TEST_SUITE_P(Fixtures, H200Traces, ::testing::ValuesIn(kH200),
                         [](const auto& p) { return std::string(p.param.file); });

class PublicTraces : public ::testing::TestWithParam<const char*> {};

TEST_P(PublicTraces, AgreeWithAnIndependentReading) {
  std::string path = dataPath(GetParam());
  testing::IndependentFigures expect = testing::readIndependently(path);
  trace::Session session;
  trace::Run& run = importKinetoFile(path, session);
  analysis::RunAnalysis ra = analysis::analyzeRun(run, session.strings);
  ASSERT_FALSE(ra.devices.empty());
  // The independent reading unites all devices; these traces use one.
  ASSERT_EQ(ra.devices.size(), 1u);
  const auto& m = ra.devices[0].whole;
  EXPECT_NEAR(static_cast<double>(m.window_ns), expect.window_ns, 2.0);
  EXPECT_NEAR(m.starvationPct(), expect.starvation_pct, 1e-3);
  EXPECT_NEAR(m.fullyIdlePct(), expect.fully_idle_pct, 1e-3);
  EXPECT_NEAR(m.copyOnlyPct(), expect.copy_only_pct, 1e-3);
  EXPECT_EQ(static_cast<int>(m.h2d.pageable_count), expect.h2d_pageable);
  EXPECT_EQ(static_cast<int>(m.h2d.pinned_count), expect.h2d_pinned);
  EXPECT_EQ(static_cast<int>(m.kernel_count), expect.kernels);
  EXPECT_NEAR(m.h2dOverlapPct().value_or(0), expect.overlap_pct, 1e-3);
  EXPECT_NEAR(static_cast<double>(m.exposed_h2d_ns) / 1e6, expect.exposed_h2d_ms, 1e-5);
  EXPECT_NEAR(m.h2d.gbps().value_or(0), expect.h2d_gbps, 1e-6);
  EXPECT_EQ(ra.devices[0].step_summary ? static_cast<int>(ra.devices[0].step_summary->count) : 0, expect.steps);
}

INSTANTIATE_TEST_SUITE_P(Fixtures, PublicTraces,
                         ::testing::Values("kineto/a100_simple_add.json.gz", "kineto/sampled_rank0.json.gz",
                                           "kineto/ns_resolution_rank0.json.gz", "kineto/compare_base.json.gz",
                                           "kineto/compare_test.json.gz", "h200/h200_naive.json.gz"),
                         [](const auto& p) {
                           std::string n = p.param;
                           for (char& c : n) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return n;
                         });

// distributedInfo.pg_config, the groups a rank belongs to, kept as the label trace/process_groups.h
// reads: on the real NCCL rank as on a tensor-parallel rank's list (entries without a name or ranks
// are skipped).
TEST(KinetoImport, ProcessGroupsOfDistributedInfoAreKept) {
  trace::Session session;
  io::importKinetoFile(dataPath("multirank/hta_nccl_data_rank0.json.gz"), session, "rank0");
  EXPECT_EQ(session.runs.at(0).labels.at("pg_config"), "0:0,1");
  trace::StringTable strings;
  const trace::Run run = importKinetoJson(
      R"({"distributedInfo": {"rank": 5, "world_size": 8, "pg_config": [)"
      R"({"pg_name": "0", "pg_desc": "default_pg", "pg_size": 8, "ranks": [0, 1, 2, 3, 4, 5, 6, 7]},)"
      R"({"pg_name": "2", "pg_desc": "tp", "pg_size": 4, "ranks": [7, 5, 4, 6]}, {"pg_desc": "no name"},)"
      R"({"pg_name": "x:y", "ranks": [1, 5]}]}, "traceEvents": []})",
      strings, "t", "inline");
  EXPECT_EQ(run.labels.at("pg_config"), "0:0,1,2,3,4,5,6,7;2:4,5,6,7;x%3Ay:1,5");
  EXPECT_EQ(trace::parseProcessGroupsLabel(run.labels.at("pg_config")),
            (trace::ProcessGroupRanks{{"0", {0, 1, 2, 3, 4, 5, 6, 7}}, {"2", {4, 5, 6, 7}}, {"x:y", {1, 5}}}));
}

TEST(KinetoImport, A100TraceHasPageableCopiesAndCorrelatedApiCalls) {
  trace::Session session;
  trace::Run& run = importKinetoFile(dataPath("kineto/a100_simple_add.json.gz"), session);
  analysis::RunAnalysis ra = analysis::analyzeRun(run, session.strings);
  const auto& d = ra.devices[0];
  EXPECT_EQ(d.whole.h2d.pageable_count, 16u);
  EXPECT_TRUE(d.timeline.has_api_records);
  // Every pageable copy was found with its cudaMemcpyAsync call.
  for (const auto& c : d.timeline.h2d_copies) EXPECT_TRUE(c.has_api_call);
  bool pageableFinding = false;
  for (const auto& f : d.findings) pageableFinding |= f.id == "pageable_h2d";
  EXPECT_TRUE(pageableFinding);
}

TEST(KinetoImport, CpuOnlyTraceHasNoDeviceAndSaysSo) {
  trace::Session session;
  trace::Run& run = importKinetoFile(dataPath("kineto/cpu_only.json.gz"), session);
  EXPECT_GT(run.intervalCount(), 0u);
  analysis::RunAnalysis ra = analysis::analyzeRun(run, session.strings);
  EXPECT_TRUE(ra.devices.empty());
  ASSERT_EQ(ra.run_findings.size(), 1u);
  EXPECT_EQ(ra.run_findings[0].id, "no_gpu_activity");
}

TEST(KinetoImport, RocmTraceImportsWithHostMemoryOfUnknownKind) {
  trace::Session session;
  trace::Run& run = importKinetoFile(dataPath("kineto/mi250_rocm.json.gz"), session);
  analysis::RunAnalysis ra = analysis::analyzeRun(run, session.strings);
  ASSERT_EQ(ra.devices.size(), 1u);
  EXPECT_EQ(ra.devices[0].device, 2);
  // ROCm named it "AMD Radeon Graphics"; its deviceProperties (gfx90a, 104 CUs, 64 GB) say which
  // Instinct it is, and with it the link (trace/gpu_names.h).
  EXPECT_EQ(ra.devices[0].device_name, "AMD Instinct MI210 or MI250 (gfx90a: 104 CUs, 63 GiB)");
  EXPECT_EQ(ra.devices[0].what_if.pinned_reference_basis, "PCIe Gen4 x16 (mi250 class)");
  EXPECT_EQ(ra.devices[0].whole.h2d.count, 2u);
  EXPECT_EQ(ra.devices[0].whole.h2d.other_count, 2u);
  EXPECT_EQ(ra.devices[0].whole.kernel_count, 14u);
}

TEST(KinetoImport, BaseTimeAndNanosecondDigitsAreExact) {
  std::string json = R"json({"baseTimeNanoseconds": 1790857026000000000, "traceEvents": [
    {"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":5142957123825.025,"dur":0.768,
     "args":{"device":0,"stream":7,"correlation":1693}},
    {"ph":"X","cat":"gpu_memcpy","name":"Memcpy HtoD (Pinned -> Device)","pid":0,"tid":7,"ts":5142957123826.0004,
     "dur":1.0005,"args":{"device":0,"stream":7,"correlation":5,"bytes":4096}}]})json";
  trace::StringTable strings;
  trace::Run run = importKinetoJson(json, strings, "t", "inline");
  ASSERT_EQ(run.tracks.size(), 1u);
  const auto& iv = run.tracks[0].intervals;
  ASSERT_EQ(iv.size(), 2u);
  EXPECT_EQ(iv.start_ns[0], 1790857026000000000 + 5142957123825025);
  EXPECT_EQ(iv.end_ns[0] - iv.start_ns[0], 768);
  EXPECT_EQ(iv.start_ns[1], 1790857026000000000 + 5142957123826000);  // .0004 rounds down
  EXPECT_EQ(iv.end_ns[1] - iv.start_ns[1], 1001);                      // 1.0005 rounds up
  EXPECT_EQ(iv.kind[1], IntervalKind::MemcpyHtoD);
  EXPECT_EQ(iv.src[1], MemoryKind::Pinned);
  EXPECT_EQ(iv.dst[1], MemoryKind::Device);
  EXPECT_EQ(iv.bytes[1], 4096u);
  EXPECT_EQ(iv.correlation[0], 1693u);
  EXPECT_EQ(strings.get(iv.name[0]), "k");
}

// Kineto writes baseTimeNanoseconds after the events: the tracks read by then are rebased in place,
// and an interval the base pushes past the valid range is dropped and counted, the others kept in order.
TEST(KinetoImport, ABaseAfterTheEventsRebasesAndDropsWhatItPushesOutOfRange) {
  std::string json = R"json({"traceEvents": [
    {"ph":"X","cat":"kernel","name":"a","pid":0,"tid":7,"ts":1,"dur":1,"args":{"device":0,"stream":7,"bytes":1}},
    {"ph":"X","cat":"kernel","name":"late","pid":0,"tid":7,"ts":4611686017427387,"dur":1,"args":{"device":0,"stream":7}},
    {"ph":"X","cat":"gpu_memcpy","name":"Memcpy HtoD (Pageable -> Device)","pid":0,"tid":7,"ts":3,"dur":2,
     "args":{"device":0,"stream":7,"bytes":64,"correlation":9}}],
    "baseTimeNanoseconds": 1000000000})json";
  trace::StringTable strings;
  trace::Run run = importKinetoJson(json, strings, "t", "inline");
  ASSERT_EQ(run.tracks.size(), 1u);
  const auto& iv = run.tracks[0].intervals;
  ASSERT_EQ(iv.size(), 2u);
  EXPECT_EQ(run.records.invalid, 1u);
  EXPECT_EQ(iv.at(0), (trace::Interval{1'000'001'000, 1'000'002'000, IntervalKind::Kernel, 0, MemoryKind::Unknown,
                                       MemoryKind::Unknown, iv.name[0], 0, 0, iv.argumentsAt(0)}));
  EXPECT_EQ(run.arguments.get(iv.argumentsAt(0)), R"({"device":0,"stream":7,"bytes":1})");  // kept through the rebase
  EXPECT_EQ(strings.get(iv.name[0]), "a");
  EXPECT_EQ(iv.start_ns[1], 1'000'003'000);
  EXPECT_EQ(iv.end_ns[1], 1'000'005'000);
  EXPECT_EQ(iv.kind[1], IntervalKind::MemcpyHtoD);
  EXPECT_EQ(iv.src[1], MemoryKind::Pageable);
  EXPECT_EQ(iv.bytes[1], 64u);
  EXPECT_EQ(iv.correlation[1], 9u);
  EXPECT_EQ(strings.get(iv.name[1]), "Memcpy HtoD (Pageable -> Device)");
}

TEST(KinetoImport, Legacy2021Categories) {
  // PyTorch 1.8/1.9 traces: capitalised categories, integer microseconds, a bare event array.
  std::string json = R"json([
    {"ph":"X","cat":"Operator","name":"aten::to","pid":100,"tid":1,"ts":1000,"dur":50},
    {"ph":"X","cat":"Runtime","name":"cudaMemcpyAsync","pid":100,"tid":1,"ts":1001,"dur":40,"args":{"correlation":7}},
    {"ph":"X","cat":"Memcpy","name":"Memcpy HtoD (Pageable -> Device)","pid":0,"tid":7,"ts":1010,"dur":30,
     "args":{"device":0,"stream":7,"correlation":7,"bytes":300000}},
    {"ph":"X","cat":"Runtime","name":"cudaLaunchKernel","pid":100,"tid":1,"ts":1045,"dur":5,"args":{"correlation":8}},
    {"ph":"X","cat":"Kernel","name":"volta_sgemm","pid":0,"tid":7,"ts":1050,"dur":100,
     "args":{"device":0,"stream":7,"correlation":8}},
    {"ph":"X","cat":"Memset","name":"Memset (Device)","pid":0,"tid":7,"ts":1160,"dur":2,"args":{"device":0,"stream":7}},
    {"ph":"X","cat":"user_annotation","name":"ProfilerStep#3","pid":100,"tid":1,"ts":990,"dur":200}
  ])json";
  trace::StringTable strings;
  trace::Run run = importKinetoJson(json, strings, "legacy", "inline");
  analysis::RunAnalysis ra = analysis::analyzeRun(run, strings);
  ASSERT_EQ(ra.devices.size(), 1u);
  const auto& d = ra.devices[0];
  EXPECT_EQ(d.whole.window_ns, 152'000);  // 1010 to 1162 µs
  EXPECT_EQ(d.whole.kernel_count, 1u);
  EXPECT_EQ(d.whole.memset_count, 1u);
  EXPECT_EQ(d.whole.h2d.pageable_count, 1u);
  EXPECT_EQ(d.whole.gaps[analysis::GapCause::CopyWaitPageable], 30'000);
  ASSERT_TRUE(d.step_summary);
  EXPECT_EQ(d.steps[0].step.number, 3);
  EXPECT_TRUE(d.timeline.has_api_records);
  ASSERT_EQ(d.timeline.h2d_copies.size(), 1u);
  EXPECT_TRUE(d.timeline.h2d_copies[0].has_api_call);
}

TEST(KinetoImport, EventsWithoutCategoryAreHostEventsReadByName) {
  // A PyTorch built without Kineto (Debian's python3-torch) writes the autograd profiler's trace:
  // no "cat", a string pid. Steps and data loading are told by name, the rest are host ops.
  std::string json = R"json([
    {"name":"ProfilerStep#2","ph":"X","ts":100,"dur":50,"tid":1,"pid":"CPU functions","args":{}},
    {"name":"data_load","ph":"X","ts":101,"dur":20,"tid":1,"pid":"CPU functions","args":{}},
    {"name":"aten::mm","ph":"X","ts":125,"dur":10,"tid":1,"pid":"CPU functions","args":{}}
  ])json";
  trace::StringTable strings;
  trace::Run run = importKinetoJson(json, strings, "cpu", "inline");
  std::vector<trace::IntervalKind> kinds;
  for (const auto& track : run.tracks) kinds.insert(kinds.end(), track.intervals.kind.begin(), track.intervals.kind.end());
  std::sort(kinds.begin(), kinds.end());
  std::vector<trace::IntervalKind> expected{trace::IntervalKind::Step, trace::IntervalKind::DataLoading,
                                            trace::IntervalKind::HostOp};
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(kinds, expected);
}

TEST(KinetoImport, MicrosecondTokens) {
  EXPECT_EQ(microsTokenToNs("12"), 12000);
  EXPECT_EQ(microsTokenToNs("12.5"), 12500);
  EXPECT_EQ(microsTokenToNs("0.001"), 1);
  EXPECT_EQ(microsTokenToNs("0.0015"), 2);
  EXPECT_EQ(microsTokenToNs("-3.25"), -3250);
  EXPECT_EQ(microsTokenToNs("1694039968955744 "), 1694039968955744000);
  EXPECT_EQ(microsTokenToNs("1.5e3"), 1500000);
  EXPECT_FALSE(microsTokenToNs("abc"));
  EXPECT_FALSE(microsTokenToNs("1."));
  EXPECT_FALSE(microsTokenToNs(""));
  EXPECT_FALSE(microsTokenToNs("99999999999999999999"));
}

TEST(KinetoImport, RunNamesComeFromFileNames) {
  EXPECT_EQ(runNameFromPath("/a/b/h200_naive.json.gz"), "h200_naive");
  EXPECT_EQ(runNameFromPath("host_123.pt.trace.json"), "host_123");
  EXPECT_EQ(runNameFromPath("x"), "x");
}

// Bad input: one clear line, never a crash.
std::string errorFor(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(KinetoImport, BadInputGetsOneClearLine) {
  TempDir dir;
  auto open = [&](const std::string& p) { return errorFor([&] { openInput(p); }); };

  EXPECT_EQ(open((dir.path / "missing.json").string()), (dir.path / "missing.json").string() + ": no such file");
  EXPECT_NE(open(dir.path.string()).find("is a directory"), std::string::npos);
  EXPECT_NE(open(dir.file("empty.json", "")).find("empty file"), std::string::npos);
  EXPECT_NE(open(dir.file("bad.json", "{\"traceEvents\": [ {\"ph\": \"X\", ")).find("invalid JSON"), std::string::npos);
  EXPECT_NE(open(dir.file("notrace.json", "{\"hello\": 1}")).find("not a trace"), std::string::npos);
  EXPECT_NE(open(dir.file("numbers.json", "[1, 2, 3]")).find("not a trace"), std::string::npos);
  EXPECT_NE(open(dir.file("text.txt", "hello world")).find("unrecognised format"), std::string::npos);
  EXPECT_NE(open(dir.file("badts.json", R"({"traceEvents":[{"ph":"X","cat":"kernel","ts":"x","dur":1}]})"))
                .find("not a number"),
            std::string::npos);

  // A gzip file cut in half.
  std::string gz;
  {
    std::ifstream in(dataPath("kineto/a100_simple_add.json.gz"), std::ios::binary);
    gz.assign(std::istreambuf_iterator<char>(in), {});
  }
  std::string truncated = open(dir.file("cut.json.gz", gz.substr(0, gz.size() / 2)));
  EXPECT_NE(truncated.find("truncated gzip"), std::string::npos) << truncated;
  std::string corrupt = gz;
  for (std::size_t i = 100; i < 200; ++i) corrupt[i] = static_cast<char>(corrupt[i] ^ 0x5a);
  EXPECT_NE(open(dir.file("corrupt.json.gz", corrupt)).find("gzip"), std::string::npos);
}

TEST(KinetoImport, TruncatedJsonIsRefused) {
  TempDir dir;
  std::string json = testing::gunzipFile(dataPath("kineto/compare_base.json.gz"));
  for (std::size_t cut : {json.size() / 3, json.size() / 2, json.size() - 2}) {
    std::string message = errorFor([&] { openInput(dir.file("cut.json", json.substr(0, cut))); });
    EXPECT_NE(message.find("cut.json: "), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos);
  }
}

// 64 MiB of zeros gzip to about 64 KiB: a small bomb. Inflation stops at the limit with one line,
// and the default limit is what the JSON parser can take, so nothing bigger is ever inflated.
std::string gzipOfZeros(std::size_t n) { return testing::gzipString(std::string(n, '\0')); }

TEST(KinetoImport, AGzipBombStopsAtTheLimitWithOneLine) {
  const std::string bomb = gzipOfZeros(64u << 20);
  EXPECT_LT(bomb.size(), 1u << 20);
  try {
    (void)gunzip(bomb, "bomb.json.gz", kDefaultPadding, 8u << 20);
    FAIL() << "inflated past the limit";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "bomb.json.gz: decompresses to more than 8 MiB, the most the JSON parser takes; refusing");
  }
  EXPECT_EQ(kMaxDecompressedBytes, simdjson::SIMDJSON_MAXSIZE_BYTES);
}

// Arguments are kept as the trace wrote them, for what the import keeps them for (importers/kept_arguments.h):
// every interval's for the GUI, sessions and exports, only the collectives' for a report.
constexpr const char* kTraceWithArguments = R"json({"traceEvents": [
  {"ph": "X", "cat": "kernel", "name": "gemm", "pid": 0, "tid": 7, "ts": 10, "dur": 5,
   "args": {"device": 0, "stream": 7, "correlation": 3, "grid": [8, 1, 1], "block": [544, 1, 1],
            "registers per thread": 96, "est. achieved occupancy %": 0}},
  {"ph": "X", "cat": "kernel", "name": "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*)", "pid": 0, "tid": 7,
   "ts": 20, "dur": 5, "args": {"device": 0, "stream": 7, "Collective name": "allreduce", "Seq": 4}},
  {"ph": "X", "cat": "cpu_op", "name": "record_param_comms", "pid": 1, "tid": 1, "ts": 18, "dur": 1,
   "args": {"Process Group Name": "0", "Seq": 4}},
  {"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 9, "dur": 1,
   "args": {"Input Dims": [[2, 3], [3, 4]]}},
  {"ph": "X", "cat": "cpu_op", "name": "aten::empty", "pid": 1, "tid": 1, "ts": 11, "dur": 1, "args": {}}
]})json";

// The arguments text of the interval named `name`, "" when it has none.
std::string argumentsOf(const trace::Session& s, std::string_view name) {
  const trace::Run& run = s.runs.back();
  for (const auto& t : run.tracks) {
    for (std::size_t i = 0; i < t.intervals.size(); ++i) {
      if (s.strings.get(t.intervals.name[i]) == name) return std::string(run.arguments.get(t.intervals.argumentsAt(i)));
    }
  }
  ADD_FAILURE() << "no interval " << name;
  return {};
}

TEST(KinetoArguments, EveryIntervalKeepsItsArgsObjectAsWritten) {
  TempDir dir;
  trace::Session s;
  importKinetoFile(dir.file("args.json", kTraceWithArguments), s);
  EXPECT_EQ(argumentsOf(s, "gemm"), R"({"device": 0, "stream": 7, "correlation": 3, "grid": [8, 1, 1], "block": [544, 1, 1],
            "registers per thread": 96, "est. achieved occupancy %": 0})");
  EXPECT_EQ(argumentsOf(s, "aten::mm"), R"({"Input Dims": [[2, 3], [3, 4]]})");
  EXPECT_EQ(argumentsOf(s, "aten::empty"), "");  // an empty object is nothing to keep
  EXPECT_EQ(s.runs.back().arguments.count(), 4u);
  // The fields the importer reads are read as before.
  EXPECT_EQ(s.runs.back().tracks.front().intervals.correlation[0], 3u);
}

TEST(KinetoArguments, AReportKeepsOnlyTheCollectivesAndNoneMeansNone) {
  TempDir dir;
  const std::string path = dir.file("args.json", kTraceWithArguments);
  trace::Session collectives;
  importKinetoFile(path, collectives, {}, {}, KeptArguments::Collectives);
  EXPECT_EQ(argumentsOf(collectives, "gemm"), "");
  EXPECT_EQ(argumentsOf(collectives, "aten::mm"), "");
  EXPECT_EQ(argumentsOf(collectives, "ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*)"),
            R"json({"device": 0, "stream": 7, "Collective name": "allreduce", "Seq": 4})json");
  EXPECT_EQ(argumentsOf(collectives, "record_param_comms"), R"({"Process Group Name": "0", "Seq": 4})");
  trace::Session none;
  importKinetoFile(path, none, {}, {}, KeptArguments::None);
  EXPECT_TRUE(none.runs.back().arguments.empty());
  for (const auto& t : none.runs.back().tracks) EXPECT_TRUE(t.intervals.arguments.empty());
}

TEST(KinetoArguments, ARealNcclKernelKeepsItsCollectiveArguments) {
  trace::Session s;
  importKinetoFile(dataPath("multirank/hta_nccl_data_rank0.json.gz"), s, {}, {}, KeptArguments::Collectives);
  const trace::Run& run = s.runs.back();
  std::size_t collectiveKernels = 0, withName = 0;
  for (const auto& t : run.tracks) {
    for (std::size_t i = 0; i < t.intervals.size(); ++i) {
      if (t.intervals.kind[i] != IntervalKind::Kernel || !trace::isCollectiveKernelName(s.strings.get(t.intervals.name[i])))
        continue;
      ++collectiveKernels;
      const std::string args = run.arguments.get(t.intervals.argumentsAt(i));
      // An independent look at the text: the key as the trace spells it.
      if (args.find("\"Collective name\"") != std::string_view::npos) ++withName;
    }
  }
  EXPECT_GT(collectiveKernels, 0u);
  EXPECT_EQ(withName, collectiveKernels);
}

}  // namespace
}  // namespace feedscope::io
