// Host wait by name, checked against a second reading of the same traces: nlohmann::json instead of
// the importer, and a plain sweep over each thread's ranges instead of the analysis' naming. The
// analysis' own host-other time (its gap attribution, tested elsewhere) is the input both read.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "analysis/run_analysis.h"
#include "importers/kineto_import.h"
#include "support/independent_kineto.h"
#include "trace/range_names.h"

namespace feedscope::io {
namespace {

using testing::PreciseJson;
using trace::TimeNs;

struct Range {
  TimeNs start = 0, end = 0;
  std::string name;
};

// What one trace says, read without the importer.
struct Reading {
  std::map<TimeNs, std::string> launcher_of_kernel_start;  // kernel start -> tid of its launching call
  std::map<std::string, std::vector<Range>> ranges, operators;  // by tid, outermost only
};

TimeNs nsOf(long double base, const PreciseJson& e, const char* key) {
  return static_cast<TimeNs>(base + std::llround(e[key].get<long double>() * 1000.0L));
}

std::string tidOf(const PreciseJson& e) { return e["tid"].is_string() ? e["tid"].get<std::string>() : e["tid"].dump(); }

// Outermost ranges of a thread, containers of a whole step left out (nested ones start before the
// outer one ends).
std::vector<Range> outermost(std::vector<Range> all, const std::vector<Range>& steps) {
  std::sort(all.begin(), all.end(), [](const Range& a, const Range& b) {
    return a.start != b.start ? a.start < b.start : a.end > b.end;
  });
  std::vector<Range> out;
  TimeNs reach = 0;
  for (const Range& r : all) {
    bool container = std::any_of(steps.begin(), steps.end(),
                                 [&](const Range& s) { return r.start <= s.start && s.end <= r.end; });
    if (container || r.end <= r.start) continue;
    if (!out.empty() && r.start < reach) continue;  // nested
    out.push_back(r);
    reach = r.end;
  }
  return out;
}

Reading readTrace(const std::string& path) {
  auto doc = PreciseJson::parse(testing::gunzipFile(path));
  const long double base = doc.contains("baseTimeNanoseconds") ? doc["baseTimeNanoseconds"].get<long double>() : 0;
  std::map<long long, TimeNs> kernelStartByCorrelation;
  std::map<long long, std::string> callTidByCorrelation;
  std::map<std::string, std::vector<Range>> ranges, ops, steps;
  for (const auto& e : doc["traceEvents"]) {
    if (e.value("ph", "") != "X" || !e.contains("dur")) continue;
    const std::string cat = e.value("cat", "");
    const std::string name = e.value("name", "");
    const TimeNs start = nsOf(base, e, "ts");
    const TimeNs end = start + static_cast<TimeNs>(std::llround(e["dur"].get<long double>() * 1000.0L));
    const long long correlation =
        e.contains("args") && e["args"].contains("correlation") ? e["args"]["correlation"].get<long long>() : 0;
    if (cat == "kernel" && correlation != 0) kernelStartByCorrelation.emplace(correlation, start);
    if ((cat == "cuda_runtime" || cat == "cuda_driver") && correlation != 0)
      callTidByCorrelation.emplace(correlation, tidOf(e));
    if (cat == "user_annotation") {
      const auto kind = trace::classifyRangeName(name);
      if (kind == trace::IntervalKind::Step) steps[tidOf(e)].push_back({start, end, name});
      if (kind == trace::IntervalKind::Range) ranges[tidOf(e)].push_back({start, end, name});
    }
    if (cat == "cpu_op" || cat == "Operator") ops[tidOf(e)].push_back({start, end, name});
  }
  // Steps are the host thread with the most of them.
  std::vector<Range> stepList;
  for (auto& [tid, s] : steps) {
    if (s.size() > stepList.size()) stepList = s;
  }
  Reading r;
  for (const auto& [correlation, start] : kernelStartByCorrelation) {
    auto call = callTidByCorrelation.find(correlation);
    if (call != callTidByCorrelation.end()) r.launcher_of_kernel_start.emplace(start, call->second);
  }
  for (auto& [tid, list] : ranges) r.ranges[tid] = outermost(list, stepList);
  for (auto& [tid, list] : ops) r.operators[tid] = outermost(list, stepList);
  return r;
}

// A number after the last '#' folds to N ("ProfilerStep#12" and "#13" are one name).
std::string fold(const std::string& name) {
  std::size_t digits = name.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(name[digits - 1]))) --digits;
  if (digits < name.size() && digits > 0 && name[digits - 1] == '#') return name.substr(0, digits) + "N";
  return name;
}

// Adds the part of [s, e) that `list` covers to `byName`, and returns the uncovered pieces.
std::vector<std::pair<TimeNs, TimeNs>> nameBy(const std::vector<Range>& list, TimeNs s, TimeNs e,
                                             std::map<std::string, TimeNs>& byName) {
  std::vector<std::pair<TimeNs, TimeNs>> rest;
  TimeNs at = s;
  for (const Range& r : list) {
    if (r.end <= at || r.start >= e) continue;
    const TimeNs from = std::max(r.start, at), to = std::min(r.end, e);
    if (from > at) rest.emplace_back(at, from);
    byName[fold(r.name)] += to - from;
    at = to;
  }
  if (at < e) rest.emplace_back(at, e);
  return rest;
}

class NamedHostWait : public ::testing::TestWithParam<const char*> {};

TEST_P(NamedHostWait, AgreesWithASecondReadingOfTheTrace) {
  const std::string path = std::string(FEEDSCOPE_TEST_DATA_DIR) + "/" + GetParam();
  trace::Session session;
  trace::Run& run = importKinetoFile(path, session);
  const analysis::RunAnalysis ra = analysis::analyzeRun(run, session.strings);
  ASSERT_FALSE(ra.devices.empty());
  const analysis::DeviceAnalysis& d = ra.devices.front();
  const Reading reading = readTrace(path);
  std::map<std::string, TimeNs> byName;
  TimeNs unnamed = 0, hostOther = 0;
  const analysis::Span window = d.whole.window;
  std::size_t gap = 0;
  for (const analysis::CauseSegment& seg : d.timeline.causes) {
    if (seg.cause != analysis::GapCause::HostOther) continue;
    const TimeNs s = std::max(seg.start, window.start), e = std::min(seg.end, window.end);
    if (e <= s) continue;
    hostOther += e - s;
    while (d.timeline.gaps[gap].span.end <= seg.start) ++gap;
    auto launcher = reading.launcher_of_kernel_start.find(d.timeline.gaps[gap].span.end);
    if (launcher == reading.launcher_of_kernel_start.end()) {
      unnamed += e - s;
      continue;
    }
    static const std::vector<Range> kNone;
    auto ranges = reading.ranges.find(launcher->second);
    auto ops = reading.operators.find(launcher->second);
    for (auto [rs, re] : nameBy(ranges != reading.ranges.end() ? ranges->second : kNone, s, e, byName)) {
      for (auto [os, oe] : nameBy(ops != reading.operators.end() ? ops->second : kNone, rs, re, byName)) {
        unnamed += oe - os;
      }
    }
  }
  // The analysis' names and times, against the second reading's.
  std::map<std::string, TimeNs> analysed;
  for (const auto& r : d.host_other.ranges) analysed[r.name] = r.ns;
  EXPECT_EQ(hostOther, d.whole.gaps[analysis::GapCause::HostOther]);
  EXPECT_EQ(d.host_other.namedNs() + d.host_other.unnamed_ns, hostOther);  // exactly
  EXPECT_EQ(unnamed, d.host_other.unnamed_ns);
  EXPECT_EQ(analysed, byName);
  // The H200 loops' operators name some of it (aten::conv2d, the autograd functions): not a vacuous check.
  if (path.find("/h200/") != std::string::npos) {
    EXPECT_FALSE(byName.empty());
  }
  // Largest first.
  EXPECT_TRUE(std::is_sorted(d.host_other.ranges.begin(), d.host_other.ranges.end(),
                             [](const auto& a, const auto& b) { return a.ns > b.ns; }));
}

INSTANTIATE_TEST_SUITE_P(Fixtures, NamedHostWait,
                         ::testing::Values("h200/h200_naive.json.gz", "h200/h200_prefetch.json.gz",
                                           "h200/h200_trap.json.gz", "h200/h200_custombatch.json.gz",
                                           "h200/h200_stream.json.gz", "kineto/a100_simple_add.json.gz",
                                           "kineto/sampled_rank0.json.gz", "kineto/ns_resolution_rank0.json.gz"),
                         [](const auto& param) {
                           std::string name = param.param;
                           name = name.substr(name.find('/') + 1);
                           return name.substr(0, name.find('.'));
                         });

}  // namespace
}  // namespace feedscope::io
