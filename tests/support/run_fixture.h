// Small helpers to build synthetic runs in tests: times are plain nanoseconds offset by kBase, since
// a record starting at 0 is invalid by definition.
#pragma once

#include <string>

#include "trace/run_builder.h"
#include "trace/api_calls.h"
#include "trace/session.h"

namespace feedscope::testing {

inline constexpr trace::TimeNs kBase = 1'000'000;

class RunFixture {
 public:
  explicit RunFixture(std::string name = "run") : builder_(std::move(name)) {}

  trace::StringTable& strings() { return session_.strings; }

  std::uint32_t kernel(trace::TimeNs s, trace::TimeNs e, std::int64_t stream = 7, std::uint32_t corr = 0,
                       std::int32_t device = 0, const std::string& name = "kernel") {
    trace::Interval iv{kBase + s, kBase + e, trace::IntervalKind::Kernel};
    iv.name = session_.strings.intern(name);
    iv.correlation = corr;
    builder_.add(builder_.gpuTrack(device, stream), iv);
    return corr;
  }
  void copy(trace::IntervalKind kind, trace::TimeNs s, trace::TimeNs e, std::uint64_t bytes,
            trace::MemoryKind host, std::int64_t stream = 7, std::uint32_t corr = 0) {
    trace::Interval iv{kBase + s, kBase + e, kind, bytes};
    if (kind == trace::IntervalKind::MemcpyHtoD) {
      iv.src = host;
      iv.dst = trace::MemoryKind::Device;
    } else {
      iv.src = trace::MemoryKind::Device;
      iv.dst = host;
    }
    iv.correlation = corr;
    builder_.add(builder_.gpuTrack(0, stream), iv);
  }
  void h2d(trace::TimeNs s, trace::TimeNs e, std::uint64_t bytes = 1 << 20,
           trace::MemoryKind host = trace::MemoryKind::Pageable, std::int64_t stream = 7, std::uint32_t corr = 0) {
    copy(trace::IntervalKind::MemcpyHtoD, s, e, bytes, host, stream, corr);
  }
  void memset(trace::TimeNs s, trace::TimeNs e) {
    builder_.add(builder_.gpuTrack(0, 7), {kBase + s, kBase + e, trace::IntervalKind::Memset, 64});
  }
  void gpuInterval(trace::IntervalKind kind, trace::TimeNs s, trace::TimeNs e) {
    builder_.add(builder_.gpuTrack(0, 7), {kBase + s, kBase + e, kind});
  }
  void host(trace::IntervalKind kind, const std::string& name, trace::TimeNs s, trace::TimeNs e,
            std::uint32_t corr = 0, std::int64_t tid = 1) {
    trace::Interval iv{kBase + s, kBase + e, kind};
    iv.name = session_.strings.intern(name);
    iv.correlation = corr;
    builder_.add(builder_.hostTrack(100, tid), iv);
  }
  // A runtime call, flagged as an importer flags it (trace::apiCallFlags).
  void api(const std::string& name, trace::TimeNs s, trace::TimeNs e, std::uint32_t corr, std::int64_t tid = 1) {
    trace::Interval iv{kBase + s, kBase + e, trace::IntervalKind::RuntimeApi};
    iv.name = session_.strings.intern(name);
    iv.correlation = corr;
    iv.flags = trace::apiCallFlags(name);
    builder_.add(builder_.hostTrack(100, tid), iv);
  }
  void step(trace::TimeNs s, trace::TimeNs e, int n) {
    host(trace::IntervalKind::Step, "ProfilerStep#" + std::to_string(n), s, e);
  }
  // Adds a raw record without the base offset (for invalid-record tests).
  bool raw(const trace::Interval& iv) { return builder_.add(builder_.gpuTrack(0, 7), iv); }

  trace::Session& finish() {
    session_.runs.push_back(builder_.finish());
    return session_;
  }
  const trace::Run& run() const { return session_.runs.back(); }

 private:
  trace::Session session_;
  trace::RunBuilder builder_;
};

}  // namespace feedscope::testing
