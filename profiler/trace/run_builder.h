// The one way a run is made (imports, the demo, the CUPTI collector, the raw-stream merge of `record`,
// a join of sessions): finds or creates tracks and names them (trace/track_names.h), checks every
// record's span by the one rule (trace::spanValidity), keeps instants, and when done sorts every track
// by start and orders tracks and devices for display (trace/track_order.h).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>

#include "trace/run.h"

namespace feedscope::trace {

class RunBuilder {
 public:
  explicit RunBuilder(std::string name);
  // Continues a finished run: a join adds another part's tracks to it.
  explicit RunBuilder(Run existing);

  Run& run() { return run_; }

  // A track per place. `pid` tells the processes of a recorded run apart (-1: one process, an import);
  // `process` ("python3 4242") then prefixes the track's name. A host thread of an import without a
  // process name is called after its pid.
  std::size_t gpuTrack(std::int32_t device, std::int64_t stream, std::int64_t pid = -1,
                       std::string_view process = {});
  std::size_t gpuMarkerTrack(std::int32_t device, std::int64_t pid = -1, std::string_view process = {});
  std::size_t hostTrack(std::int64_t pid, std::int64_t tid, std::string_view process = {});
  std::size_t loaderTrack(std::int64_t worker, std::int64_t pid = -1, std::string_view process = {});
  void nameTrack(std::size_t track, std::string name) { run_.tracks[track].name = std::move(name); }

  // Adds an interval. Invalid spans (start 0, end before start, outside ±kMaxTimeNs) are counted and
  // left out: returns false. A zero-length span is an instant (a copy or a call shorter than the
  // trace's resolution): kept, counted in RecordCounts::zero_length, and it adds no time anywhere.
  bool add(std::size_t track, const Interval& iv);
  // A record the caller found damaged by a rule of its own source (a recorded clock's plausibility).
  void countInvalid(std::uint64_t n = 1) { run_.records.invalid += n; }
  // Stores an interval's arguments (a JSON object's text, trace/arguments.h): the id to put in
  // Interval::arguments.
  ArgumentsId addArguments(std::string_view json) { return run_.arguments.add(json); }
  // Adds a whole track of another part (a join): appended as it is, found again by its place; its
  // intervals' arguments are taken from `from`, that part's store.
  std::size_t appendTrack(Track track, const RunArguments& from);

  // Sorts tracks by start and orders them for display (GPU streams first, then host threads), devices
  // by id.
  Run finish();

 private:
  using Place = std::tuple<int, std::int32_t, std::int64_t, std::int64_t>;  // kind, device, pid, lane
  static Place placeOf(const Track& t);
  // The track at `t`'s place, created (and named after `lane` and `process`) when there is none yet.
  std::size_t findOrCreate(Track t, std::int64_t lane, std::string_view process);

  Run run_;
  std::map<Place, std::size_t> index_;
};

}  // namespace feedscope::trace
