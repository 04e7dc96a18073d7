// Checking a recorded run against the self-test's known work (pure: tested without a GPU).
#include <fmt/format.h>

#include <algorithm>

#include "workload/selftest.h"

namespace feedscope::workload {

namespace {

struct Recorded {
  trace::Interval interval;
  const trace::Track* track = nullptr;
};

bool isKnownKind(trace::IntervalKind k) {
  return trace::isGpuWork(k);
}

}  // namespace

std::vector<std::string> checkKnownWork(const trace::Run& run, const trace::StringTable& strings,
                                        const KnownWork& work, bool expectRange) {
  std::vector<std::string> problems;
  std::vector<Recorded> gpu;
  std::vector<Recorded> api;
  bool rangeSeen = false;
  for (const trace::Track& track : run.tracks) {
    for (std::size_t i = 0; i < track.intervals.size(); ++i) {
      trace::Interval iv = track.intervals.at(i);
      if (track.kind == trace::TrackKind::GpuStream && isKnownKind(iv.kind)) gpu.push_back({iv, &track});
      // Runtime and driver calls alike: a kernel launched with cuLaunchKernel has a driver record.
      if (track.kind == trace::TrackKind::HostThread && trace::isApiCall(iv.kind)) {
        api.push_back({iv, &track});
      }
      if (track.kind == trace::TrackKind::HostThread && strings.get(iv.name) == work.range_name &&
          track.tid == work.tid) {
        rangeSeen = true;
      }
    }
  }
  std::sort(gpu.begin(), gpu.end(),
            [](const Recorded& a, const Recorded& b) { return a.interval.start_ns < b.interval.start_ns; });
  if (gpu.size() != work.operations.size()) {
    problems.push_back(
        fmt::format("{} GPU operations were recorded, {} were issued", gpu.size(), work.operations.size()));
  }
  std::size_t n = std::min(gpu.size(), work.operations.size());
  for (std::size_t i = 0; i < n; ++i) {
    const ExpectedOperation& want = work.operations[i];
    const trace::Interval& got = gpu[i].interval;
    std::string which = fmt::format("operation {} ({})", i + 1, trace::intervalKindName(want.kind));
    if (got.kind != want.kind) {
      problems.push_back(fmt::format("{}: recorded as {}", which, trace::intervalKindName(got.kind)));
      continue;
    }
    if (want.kind != trace::IntervalKind::Kernel && got.bytes != want.bytes) {
      problems.push_back(fmt::format("{}: {} bytes recorded, {} copied", which, got.bytes, want.bytes));
    }
    trace::MemoryKind host = want.kind == trace::IntervalKind::MemcpyDtoH ? got.dst : got.src;
    if (trace::isCopy(want.kind) && want.host != trace::MemoryKind::Unknown && host != want.host) {
      problems.push_back(fmt::format("{}: host memory recorded as {}, it was {}", which,
                                     trace::memoryKindName(host), trace::memoryKindName(want.host)));
    }
    if (!want.name_contains.empty() &&
        strings.get(got.name).find(want.name_contains) == std::string_view::npos) {
      problems.push_back(fmt::format("{}: named \"{}\"", which, strings.get(got.name)));
    }
    if (const std::string text = run.arguments.get(got.arguments);
        !want.arguments_contain.empty() && text.find(want.arguments_contain) == std::string_view::npos) {
      problems.push_back(fmt::format("{}: its launch configuration {} does not say {}", which,
                                     text.empty() ? std::string("is missing, it") : "(" + std::string(text) + ")",
                                     want.arguments_contain));
    }
    if (got.start_ns < work.started_ns || got.end_ns > work.finished_ns) {
      problems.push_back(
          fmt::format("{}: at {}..{} ns, outside the CLOCK_MONOTONIC time of the work {}..{} ns", which,
                      got.start_ns, got.end_ns, work.started_ns, work.finished_ns));
    }
    auto call = std::find_if(api.begin(), api.end(),
                             [&](const Recorded& r) { return r.interval.correlation == got.correlation; });
    if (got.correlation == 0 || call == api.end()) {
      problems.push_back(
          fmt::format("{}: no runtime or driver call with its correlation id {}", which, got.correlation));
    } else {
      if (strings.get(call->interval.name) != want.api) {
        problems.push_back(
            fmt::format("{}: issued by {}, expected {}", which, strings.get(call->interval.name), want.api));
      }
      if (call->track->pid != work.pid || call->track->tid != work.tid) {
        problems.push_back(
            fmt::format("{}: its call is on thread {} of process {}, the work ran on thread {} of {}", which,
                        call->track->tid, call->track->pid, work.tid, work.pid));
      }
    }
  }
  if (expectRange && !rangeSeen) {
    problems.push_back(
        fmt::format("the NVTX range \"{}\" was not recorded on the issuing thread", work.range_name));
  }
  if (run.records.dropped != 0)
    problems.push_back(fmt::format("{} records were dropped", run.records.dropped));
  if (run.records.invalid != 0)
    problems.push_back(fmt::format("{} records were invalid", run.records.invalid));
  return problems;
}

}  // namespace feedscope::workload
