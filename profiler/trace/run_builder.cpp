// Run construction with validation (see run_builder.h).
#include "trace/run_builder.h"

#include <algorithm>

#include "trace/track_names.h"
#include "trace/track_order.h"

namespace feedscope::trace {

RunBuilder::RunBuilder(std::string name) { run_.name = std::move(name); }

RunBuilder::RunBuilder(Run existing) : run_(std::move(existing)) {
  for (std::size_t i = 0; i < run_.tracks.size(); ++i) index_.try_emplace(placeOf(run_.tracks[i]), i);
}

RunBuilder::Place RunBuilder::placeOf(const Track& t) {
  std::int64_t lane = 0;
  switch (t.kind) {
    case TrackKind::GpuStream: lane = t.stream; break;
    case TrackKind::HostThread:
    case TrackKind::Loader: lane = t.tid; break;
    case TrackKind::GpuMarkers: break;
  }
  return {static_cast<int>(t.kind), t.device, t.pid, lane};
}

std::size_t RunBuilder::findOrCreate(Track t, std::int64_t lane, std::string_view process) {
  const Place place = placeOf(t);
  if (auto it = index_.find(place); it != index_.end()) return it->second;
  // A host thread of an import without a process name is called after its pid.
  const bool unnamedProcess = process.empty() && t.kind == TrackKind::HostThread;
  t.name = trackName(t.kind, t.device, lane, unnamedProcess ? "process " + std::to_string(t.pid) : std::string(process));
  run_.tracks.push_back(std::move(t));
  index_.emplace(place, run_.tracks.size() - 1);
  return run_.tracks.size() - 1;
}

std::size_t RunBuilder::gpuTrack(std::int32_t device, std::int64_t stream, std::int64_t pid,
                                 std::string_view process) {
  Track t;
  t.kind = TrackKind::GpuStream;
  t.device = device;
  t.stream = stream;
  t.pid = pid;
  return findOrCreate(std::move(t), stream, process);
}

std::size_t RunBuilder::gpuMarkerTrack(std::int32_t device, std::int64_t pid, std::string_view process) {
  Track t;
  t.kind = TrackKind::GpuMarkers;
  t.device = device;
  t.pid = pid;
  return findOrCreate(std::move(t), 0, process);
}

std::size_t RunBuilder::hostTrack(std::int64_t pid, std::int64_t tid, std::string_view process) {
  Track t;
  t.kind = TrackKind::HostThread;
  t.pid = pid;
  t.tid = tid;
  return findOrCreate(std::move(t), tid, process);
}

std::size_t RunBuilder::loaderTrack(std::int64_t worker, std::int64_t pid, std::string_view process) {
  Track t;
  t.kind = TrackKind::Loader;
  t.pid = pid;
  t.tid = worker;
  return findOrCreate(std::move(t), worker, process);
}

std::size_t RunBuilder::appendTrack(Track track, const RunArguments& from) {
  for (std::uint32_t& id : track.intervals.arguments) id = run_.arguments.add(from.get(id));
  const Place place = placeOf(track);
  run_.tracks.push_back(std::move(track));
  index_.try_emplace(place, run_.tracks.size() - 1);
  return run_.tracks.size() - 1;
}

bool RunBuilder::add(std::size_t track, const Interval& iv) {
  switch (spanValidity(iv.start_ns, iv.end_ns)) {
    case SpanValidity::Invalid:
      ++run_.records.invalid;
      return false;
    case SpanValidity::ZeroLength:
      ++run_.records.zero_length;
      break;
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
  std::sort(run_.devices.begin(), run_.devices.end(),
            [](const DeviceInfo& a, const DeviceInfo& b) { return a.id < b.id; });
  run_.arguments.shrinkToFit();
  index_.clear();
  return std::move(run_);
}

}  // namespace feedscope::trace
