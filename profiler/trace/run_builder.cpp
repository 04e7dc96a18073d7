// Run construction with validation.
#include "trace/run_builder.h"

#include "trace/track_order.h"

namespace feedscope::trace {

RunBuilder::RunBuilder(std::string name) { run_.name = std::move(name); }

std::size_t RunBuilder::findOrCreate(TrackKind kind, std::int32_t device, std::int64_t a, std::int64_t b,
                                     std::string name) {
  auto key = std::make_tuple(static_cast<int>(kind), device, a, b);
  if (auto it = index_.find(key); it != index_.end()) return it->second;
  Track t;
  t.kind = kind;
  t.device = device;
  t.name = std::move(name);
  switch (kind) {
    case TrackKind::GpuStream: t.stream = a; break;
    case TrackKind::HostThread: t.pid = a; t.tid = b; break;
    case TrackKind::Loader: t.tid = a; break;
    case TrackKind::GpuMarkers: break;
  }
  run_.tracks.push_back(std::move(t));
  index_.emplace(key, run_.tracks.size() - 1);
  return run_.tracks.size() - 1;
}

std::size_t RunBuilder::gpuTrack(std::int32_t device, std::int64_t stream) {
  return findOrCreate(TrackKind::GpuStream, device, stream, 0,
                      "GPU " + std::to_string(device) + " stream " + std::to_string(stream));
}

std::size_t RunBuilder::gpuMarkerTrack(std::int32_t device) {
  return findOrCreate(TrackKind::GpuMarkers, device, 0, 0, "GPU " + std::to_string(device) + " annotations");
}

std::size_t RunBuilder::hostTrack(std::int64_t pid, std::int64_t tid) {
  return findOrCreate(TrackKind::HostThread, -1, pid, tid,
                      "process " + std::to_string(pid) + " thread " + std::to_string(tid));
}

std::size_t RunBuilder::loaderTrack(std::int64_t worker) {
  return findOrCreate(TrackKind::Loader, -1, worker, 0, "loader worker " + std::to_string(worker));
}

bool RunBuilder::add(std::size_t track, const Interval& iv) {
  switch (spanValidity(iv.start_ns, iv.end_ns)) {
    case SpanValidity::Invalid:
      ++run_.records.invalid;
      return false;
    case SpanValidity::ZeroLength:
      ++run_.records.zero_length;
      return false;
    case SpanValidity::Valid:
      break;
  }
  run_.tracks[track].intervals.push_back(iv);
  return true;
}

Run RunBuilder::finish() {
  for (auto& t : run_.tracks) {
    t.intervals.sortByStart();
    t.intervals.shrinkToFit();  // growth slack would cost up to 2x the 36 bytes per interval
  }
  sortTracksForDisplay(run_.tracks);
  index_.clear();
  return std::move(run_);
}

}  // namespace feedscope::trace
