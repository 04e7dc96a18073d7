// Run and session queries.
#include <algorithm>

#include "trace/run.h"
#include "trace/session.h"

namespace feedscope::trace {

std::size_t Run::intervalCount() const {
  std::size_t n = 0;
  for (const auto& t : tracks) n += t.intervals.size();
  return n;
}

std::optional<TimeExtent> Run::extent() const {
  std::optional<TimeExtent> out;
  for (const auto& t : tracks) {
    if (t.intervals.empty()) continue;
    // Intervals are sorted by start, so a track's first is its earliest; ends need a scan.
    const TimeNs first = t.intervals.start_ns.front();
    const TimeNs last = *std::max_element(t.intervals.end_ns.begin(), t.intervals.end_ns.end());
    if (!out) {
      out = TimeExtent{first, last};
    } else {
      out->start = std::min(out->start, first);
      out->end = std::max(out->end, last);
    }
  }
  return out;
}

TimeNs Run::timeOrigin() const {
  auto e = extent();
  return e ? e->start : 0;
}

const DeviceInfo* Run::device(std::int32_t id) const {
  for (const auto& d : devices) {
    if (d.id == id) return &d;
  }
  return nullptr;
}

std::vector<std::int32_t> Run::gpuDeviceIds() const {
  std::vector<std::int32_t> ids;
  for (const auto& t : tracks) {
    if (t.kind == TrackKind::GpuStream && t.device >= 0 &&
        std::find(ids.begin(), ids.end(), t.device) == ids.end()) {
      ids.push_back(t.device);
    }
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

const Run* Session::findRun(std::string_view name) const {
  for (const auto& r : runs) {
    if (r.name == name) return &r;
  }
  return nullptr;
}

std::size_t Session::intervalCount() const {
  std::size_t n = 0;
  for (const auto& r : runs) n += r.intervalCount();
  return n;
}

double Session::bytesPerInterval() const {
  std::size_t bytes = 0;
  for (const auto& r : runs) {
    for (const auto& t : r.tracks) bytes += t.intervals.memoryBytes();
  }
  std::size_t n = intervalCount();
  return n == 0 ? 0.0 : static_cast<double>(bytes) / static_cast<double>(n);
}

}  // namespace feedscope::trace
