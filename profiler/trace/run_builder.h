// Builds a Run from records arriving in any order: finds or creates tracks, drops invalid records
// (counting them), and sorts every track by start when done.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>

#include "trace/run.h"

namespace feedscope::trace {

class RunBuilder {
 public:
  explicit RunBuilder(std::string name);

  Run& run() { return run_; }

  std::size_t gpuTrack(std::int32_t device, std::int64_t stream);
  std::size_t gpuMarkerTrack(std::int32_t device);
  std::size_t hostTrack(std::int64_t pid, std::int64_t tid);
  std::size_t loaderTrack(std::int64_t worker);
  void nameTrack(std::size_t track, std::string name) { run_.tracks[track].name = std::move(name); }

  // Adds an interval; returns false (and counts it) when it is invalid (start 0, end before start,
  // or outside ±kMaxTimeNs) or zero-length.
  bool add(std::size_t track, const Interval& iv);

  // Sorts tracks by start and orders them for display: GPU streams first, then host threads.
  Run finish();

 private:
  std::size_t findOrCreate(TrackKind kind, std::int32_t device, std::int64_t a, std::int64_t b, std::string name);

  Run run_;
  std::map<std::tuple<int, std::int32_t, std::int64_t, std::int64_t>, std::size_t> index_;
};

}  // namespace feedscope::trace
