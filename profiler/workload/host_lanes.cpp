// Recording the workload's host lanes and adding them to a run.
#include "workload/host_lanes.h"

#include "trace/statistics.h"

#include <algorithm>
#include <string>

namespace feedscope::workload {

void HostLanes::loaderWork(int worker, trace::TimeNs start, trace::TimeNs end, std::uint64_t batch) {
  std::lock_guard lock(mutex_);
  loader_.push_back({start, end, batch, worker});
}

void HostLanes::waitForBatch(trace::TimeNs start, trace::TimeNs end, std::uint64_t batch) {
  std::lock_guard lock(mutex_);
  waits_.push_back({start, end, batch, -1});
}

void HostLanes::step(trace::TimeNs start, trace::TimeNs end, std::uint64_t number) {
  std::lock_guard lock(mutex_);
  steps_.push_back({start, end, number, -1});
}

void HostLanes::addTo(trace::RunBuilder& builder, trace::StringTable& strings, std::int64_t pid,
                      std::int64_t mainTid) const {
  std::lock_guard lock(mutex_);
  auto add = [&](std::size_t track, const Span& s, trace::IntervalKind kind, const std::string& name) {
    trace::Interval iv;
    iv.start_ns = s.start_ns;
    iv.end_ns = s.end_ns;
    iv.kind = kind;
    iv.name = strings.intern(name);
    builder.add(track, iv);
  };
  for (const Span& s : loader_) {
    add(builder.loaderTrack(s.worker), s, trace::IntervalKind::LoaderWork,
        "load batch " + std::to_string(s.number));
  }
  if (waits_.empty() && steps_.empty()) return;
  std::size_t main = builder.hostTrack(pid, mainTid);
  builder.nameTrack(main,
                    "main thread (pid " + std::to_string(pid) + ", tid " + std::to_string(mainTid) + ")");
  for (const Span& s : waits_) {
    add(main, s, trace::IntervalKind::DataLoading, "wait for batch " + std::to_string(s.number));
  }
  for (const Span& s : steps_) add(main, s, trace::IntervalKind::Step, "step " + std::to_string(s.number));
}

std::vector<HostLanes::Span> HostLanes::steps() const {
  std::lock_guard lock(mutex_);
  return steps_;
}

std::vector<HostLanes::Span> HostLanes::loaderSpans() const {
  std::lock_guard lock(mutex_);
  return loader_;
}

std::vector<HostLanes::Span> HostLanes::waits() const {
  std::lock_guard lock(mutex_);
  return waits_;
}

trace::TimeNs HostLanes::medianStepNs() const {
  std::lock_guard lock(mutex_);
  std::vector<trace::TimeNs> d;
  for (const Span& s : steps_) d.push_back(s.end_ns - s.start_ns);
  return trace::medianNs(std::move(d));
}

trace::TimeNs HostLanes::medianLoaderWorkNs() const {
  std::lock_guard lock(mutex_);
  std::vector<trace::TimeNs> d;
  for (const Span& s : loader_) d.push_back(s.end_ns - s.start_ns);
  return trace::medianNs(std::move(d));
}

}  // namespace feedscope::workload
