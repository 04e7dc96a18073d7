// Merging process streams into one run.
#include "launch/stream_merge.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>

#include "launch/stream_clock.h"
#include "trace/device_identity.h"
#include "trace/run_builder.h"

namespace feedscope::launch {
namespace {

using rawstream::ProcessStream;
using trace::TrackKind;

// About 146 years of uptime, and a week for one interval: far beyond any real recording.
constexpr std::int64_t kMaxPlausibleNs = std::int64_t{1} << 62;
constexpr std::int64_t kMaxPlausibleDurationNs = 7LL * 24 * 3600 * 1'000'000'000;

// The offset that puts a stream's timestamps on CLOCK_MONOTONIC. The collector normally stamps with
// CLOCK_MONOTONIC itself (offset 0); if it had to fall back to another clock, its start sample says
// how far that clock is from CLOCK_MONOTONIC.
std::int64_t toMonotonicOffset(const ProcessStream& s) {
  for (const auto& c : s.clocks) {
    if (c.when != rawstream::ClockWhen::Start) continue;
    std::int64_t offset = 0;
    if (c.clock == rawstream::ClockId::Monotonic || c.source_ns == 0 ||
        __builtin_sub_overflow(c.monotonic_ns, c.source_ns, &offset)) {
      return 0;
    }
    return offset;
  }
  return 0;
}

}  // namespace

std::string processLabel(const ProcessStream& s) {
  std::string exe = std::filesystem::path(s.executable).filename().string();
  return (exe.empty() ? std::string("process") : exe) + " " + std::to_string(s.pid);
}

namespace {

// Merges the streams of one recording into one run, stream by stream (mergeProcessStreams).
class StreamMerger {
 public:
  StreamMerger(const std::string& label, trace::StringTable& strings, std::vector<std::string>* notes)
      : builder_(label), run_(builder_.run()), devices_(run_.devices), strings_(strings), notes_(notes) {
    run_.source = "record";
    run_.clock.source = "CLOCK_MONOTONIC";
  }

  // Devices the processes described come first, so an ordinal seen without a description joins them.
  void describeDevices(const std::vector<const ProcessStream*>& streams) {
    for (const ProcessStream* s : streams) {
      for (const auto& d : s->devices) deviceOf(*s, d.id);
    }
  }

  void add(const ProcessStream& s) {
    takeRealtimeOffset(s);
    takeProcessFacts(s);
    const StreamClockCheck clock = checkStreamClock(s);
    const std::uint64_t afterClockChange = addIntervals(s, clock);
    if (clock.changed) noteClockChange(s, clock, afterClockChange);
  }

  trace::Run finish(std::size_t processes) {
    run_.labels["processes"] = std::to_string(processes);
    return builder_.finish();
  }

 private:
  // What one stream's ids become in the run: names and argument texts interned once, correlation ids
  // renumbered over the whole run, a track per place.
  struct StreamIds {
    explicit StreamIds(std::size_t strings) : names(strings, 0), interned(strings, false), arguments(strings, 0) {}
    std::vector<trace::StringId> names;
    std::vector<bool> interned;
    std::vector<trace::ArgumentsId> arguments;  // the stream stores each text once (a String); the run does too
    std::unordered_map<std::uint32_t, std::uint32_t> correlations;
    std::map<std::tuple<int, std::int32_t, std::int64_t>, std::size_t> tracks;
  };

  std::int32_t deviceOf(const ProcessStream& s, std::int32_t ordinal) {
    std::optional<trace::DeviceInfo> described;
    for (const auto& d : s.devices) {
      if (d.id == ordinal) described = trace::DeviceInfo{d.id, d.name, d.uuid};
    }
    return devices_.resolve(ordinal, described ? &*described : nullptr);
  }

  // The run's realtime offset: the first stream's clock sample that has one, else its creation time.
  void takeRealtimeOffset(const ProcessStream& s) {
    if (have_offset_) return;
    for (const auto& c : s.clocks) {
      if (c.realtime_ns != 0 && c.monotonic_ns != 0 &&
          !__builtin_sub_overflow(c.realtime_ns, c.monotonic_ns, &run_.clock.realtime_offset_ns)) {
        have_offset_ = true;
        return;
      }
    }
    if (s.created_realtime_ns != 0 &&
        !__builtin_sub_overflow(s.created_realtime_ns, s.created_monotonic_ns, &run_.clock.realtime_offset_ns)) {
      have_offset_ = true;
    }
  }

  void takeProcessFacts(const ProcessStream& s) {
    if (run_.labels.find("host") == run_.labels.end() && !s.hostname.empty()) run_.labels["host"] = s.hostname;
    run_.labels["process " + std::to_string(s.pid)] = s.command_line.empty() ? s.executable : s.command_line;
    run_.records.dropped += s.dropped;
    builder_.countInvalid(s.invalid);
  }

  // CLOCK_MONOTONIC readings are positive: anything below zero, past kMaxPlausibleNs or longer than
  // kMaxPlausibleDurationNs, before or after the clock shift, is damage, which would overflow the
  // analysis' sums. Spans are judged and moved by the one rule (trace::spanValidity, trace::shiftSpan);
  // the plausibility of a CLOCK_MONOTONIC reading is this source's own. False: leave it out.
  static bool placeOnMonotonic(trace::Interval& iv, std::int64_t shift) {
    return trace::spanValidity(iv.start_ns, iv.end_ns) != trace::SpanValidity::Invalid && iv.start_ns >= 0 &&
           iv.end_ns - iv.start_ns <= kMaxPlausibleDurationNs && trace::shiftSpan(iv.start_ns, iv.end_ns, shift) &&
           iv.start_ns > 0 && iv.end_ns <= kMaxPlausibleNs;
  }

  // Adds the stream's intervals; returns how many were left out for coming after its clock changed.
  std::uint64_t addIntervals(const ProcessStream& s, const StreamClockCheck& clock) {
    const std::string process = processLabel(s);
    const std::int64_t shift = toMonotonicOffset(s);
    StreamIds ids(s.strings.size());
    std::uint64_t afterClockChange = 0;
    for (const auto& placed : s.intervals) {
      trace::Interval iv = placed.interval;
      // Records stamped after another profiler changed CUPTI's clock would land at the wrong time.
      if (iv.start_ns > clock.trusted_until_ns) {
        ++afterClockChange;
        continue;
      }
      if (!placeOnMonotonic(iv, shift)) {
        builder_.countInvalid();
        continue;
      }
      const std::size_t track = trackFor(s, placed.placement, process, ids);
      iv.name = nameOf(s, iv.name, ids);
      if (iv.correlation != 0) {
        auto [c, unseen] = ids.correlations.try_emplace(iv.correlation, 0);
        if (unseen) c->second = next_correlation_++;
        iv.correlation = c->second;
      }
      if (placed.arguments != 0 && placed.arguments < ids.arguments.size()) {
        trace::ArgumentsId& id = ids.arguments[placed.arguments];
        if (id == 0) id = builder_.addArguments(s.name(placed.arguments));
        iv.arguments = id;
      }
      builder_.add(track, iv);
    }
    return afterClockChange;
  }

  std::size_t trackFor(const ProcessStream& s, const rawstream::Placement& p, const std::string& process, StreamIds& ids) {
    const bool onGpu = p.track == TrackKind::GpuStream || p.track == TrackKind::GpuMarkers;
    const std::int32_t device = onGpu ? deviceOf(s, p.device) : -1;
    auto [slot, fresh] = ids.tracks.try_emplace(std::make_tuple(static_cast<int>(p.track), device, p.lane), 0);
    if (!fresh) return slot->second;
    switch (p.track) {
      case TrackKind::GpuStream: slot->second = builder_.gpuTrack(device, p.lane, s.pid, process); break;
      case TrackKind::GpuMarkers: slot->second = builder_.gpuMarkerTrack(device, s.pid, process); break;
      case TrackKind::HostThread: slot->second = builder_.hostTrack(s.pid, p.lane, process); break;
      case TrackKind::Loader: slot->second = builder_.loaderTrack(p.lane, s.pid, process); break;
    }
    return slot->second;
  }

  trace::StringId nameOf(const ProcessStream& s, trace::StringId local, StreamIds& ids) {
    if (local >= ids.names.size()) return 0;
    if (!ids.interned[local]) {
      ids.names[local] = strings_.intern(s.strings[local]);
      ids.interned[local] = true;
    }
    return ids.names[local];
  }

  void noteClockChange(const ProcessStream& s, const StreamClockCheck& clock, std::uint64_t leftOut) {
    const std::string process = processLabel(s);
    run_.labels["clock " + std::to_string(s.pid)] = fmt::format("changed during the recording: {} records left out", leftOut);
    if (notes_ == nullptr) return;
    notes_->push_back(fmt::format(
        "{}: {}; its {} records from then on are left out rather than placed on a wrong clock (record "
        "without torch.profiler, or read the torch.profiler trace itself)",
        process, clock.problem, leftOut));
  }

  trace::RunBuilder builder_;
  trace::Run& run_;
  trace::DeviceIdentities devices_;
  trace::StringTable& strings_;
  std::vector<std::string>* notes_;
  std::uint32_t next_correlation_ = 1;
  bool have_offset_ = false;
};

}  // namespace

trace::Run mergeProcessStreams(const std::vector<ProcessStream>& input, trace::StringTable& strings,
                               const std::string& label, std::vector<std::string>* notes) {
  std::vector<const ProcessStream*> streams;
  for (const auto& s : input) streams.push_back(&s);
  // Processes in the order they started: the program first, then its children.
  std::stable_sort(streams.begin(), streams.end(), [](const ProcessStream* a, const ProcessStream* b) {
    return std::tie(a->created_monotonic_ns, a->pid) < std::tie(b->created_monotonic_ns, b->pid);
  });
  StreamMerger merger(label, strings, notes);
  merger.describeDevices(streams);
  for (const ProcessStream* s : streams) merger.add(*s);
  return merger.finish(streams.size());
}

}  // namespace feedscope::launch
