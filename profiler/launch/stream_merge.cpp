// Merging process streams into one run.
#include "launch/stream_merge.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <tuple>
#include <unordered_map>

#include "launch/track_order.h"

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

// Assigns run-wide device ids: one id per physical device (same uuid, or same ordinal without one),
// keeping each process's own ordinal where no other device holds it.
class DeviceIds {
 public:
  explicit DeviceIds(trace::Run& run) : run_(run) {}

  std::int32_t map(const ProcessStream& s, std::int32_t local) {
    if (local < 0) return local;
    std::string uuid;
    const rawstream::DeviceRecord* record = nullptr;
    for (const auto& d : s.devices) {
      if (d.id == local) record = &d;
    }
    if (record != nullptr) uuid = record->uuid;
    // Without a device record the ordinal is all there is: it names the device that has it already.
    if (record == nullptr && taken(local)) return local;
    std::string identity = uuid.empty() ? "ordinal " + std::to_string(local) : "uuid " + uuid;
    auto [it, fresh] = by_identity_.try_emplace(identity, 0);
    if (fresh) {
      std::int32_t id = local;
      while (taken(id)) ++id;
      it->second = id;
      trace::DeviceInfo info;
      info.id = id;
      if (record != nullptr) {
        info.name = record->name;
        info.uuid = record->uuid;
      }
      run_.devices.push_back(info);
    } else if (record != nullptr) {
      trace::DeviceInfo* info = find(it->second);
      if (info != nullptr && info->name.empty()) info->name = record->name;
    }
    return it->second;
  }

 private:
  trace::DeviceInfo* find(std::int32_t id) {
    for (auto& d : run_.devices) {
      if (d.id == id) return &d;
    }
    return nullptr;
  }
  bool taken(std::int32_t id) { return find(id) != nullptr; }

  trace::Run& run_;
  std::map<std::string, std::int32_t> by_identity_;
};

std::string trackName(const std::string& process, const rawstream::Placement& p, std::int32_t device) {
  switch (p.track) {
    case TrackKind::GpuStream:
      // The collector's stream -1 holds synchronizations of the whole context (cudaDeviceSynchronize).
      if (p.lane < 0) return process + ": GPU " + std::to_string(device) + " context synchronizations";
      return process + ": GPU " + std::to_string(device) + " stream " + std::to_string(p.lane);
    case TrackKind::GpuMarkers:
      return process + ": GPU " + std::to_string(device) + " annotations";
    case TrackKind::HostThread:
      return process + ": thread " + std::to_string(p.lane);
    case TrackKind::Loader:
      return process + ": loader worker " + std::to_string(p.lane);
  }
  return process;
}

}  // namespace

std::string processLabel(const ProcessStream& s) {
  std::string exe = std::filesystem::path(s.executable).filename().string();
  return (exe.empty() ? std::string("process") : exe) + " " + std::to_string(s.pid);
}

trace::Run mergeProcessStreams(const std::vector<ProcessStream>& input, trace::StringTable& strings,
                               const std::string& label) {
  std::vector<const ProcessStream*> streams;
  for (const auto& s : input) streams.push_back(&s);
  // Processes in the order they started: the program first, then its children.
  std::stable_sort(streams.begin(), streams.end(), [](const ProcessStream* a, const ProcessStream* b) {
    return std::tie(a->created_monotonic_ns, a->pid) < std::tie(b->created_monotonic_ns, b->pid);
  });

  trace::Run run;
  run.name = label;
  run.source = "record";
  run.clock.source = "CLOCK_MONOTONIC";
  DeviceIds devices(run);
  std::uint32_t nextCorrelation = 1;
  bool haveOffset = false;
  // Devices the processes described come first, so an ordinal seen without a description joins them.
  for (const ProcessStream* s : streams) {
    for (const auto& d : s->devices) devices.map(*s, d.id);
  }

  for (const ProcessStream* s : streams) {
    const std::string process = processLabel(*s);
    if (!haveOffset) {
      for (const auto& c : s->clocks) {
        if (c.realtime_ns != 0 && c.monotonic_ns != 0 &&
            !__builtin_sub_overflow(c.realtime_ns, c.monotonic_ns, &run.clock.realtime_offset_ns)) {
          haveOffset = true;
          break;
        }
      }
      if (!haveOffset && s->created_realtime_ns != 0 &&
          !__builtin_sub_overflow(s->created_realtime_ns, s->created_monotonic_ns,
                                  &run.clock.realtime_offset_ns)) {
        haveOffset = true;
      }
    }
    if (run.labels.find("host") == run.labels.end() && !s->hostname.empty()) run.labels["host"] = s->hostname;
    run.labels["process " + std::to_string(s->pid)] =
        s->command_line.empty() ? s->executable : s->command_line;
    run.records.dropped += s->dropped;
    run.records.invalid += s->invalid;

    const std::int64_t shift = toMonotonicOffset(*s);
    std::vector<trace::StringId> names(s->strings.size(), 0);
    std::vector<bool> interned(s->strings.size(), false);
    std::unordered_map<std::uint32_t, std::uint32_t> correlations;
    std::map<std::tuple<int, std::int32_t, std::int64_t>, std::size_t> tracks;

    for (const auto& placed : s->intervals) {
      trace::Interval iv = placed.interval;
      // Counted as RunBuilder counts them (trace::spanValidity).
      const trace::SpanValidity validity = trace::spanValidity(iv.start_ns, iv.end_ns);
      if (validity != trace::SpanValidity::Valid) {
        ++(validity == trace::SpanValidity::Invalid ? run.records.invalid : run.records.zero_length);
        continue;
      }
      // CLOCK_MONOTONIC readings are positive: anything below zero, past kMaxPlausibleNs or longer
      // than kMaxPlausibleDurationNs, before or after the clock shift, is damage, which would
      // overflow the analysis' sums.
      if (iv.start_ns < 0 || iv.end_ns - iv.start_ns > kMaxPlausibleDurationNs ||
          __builtin_add_overflow(iv.start_ns, shift, &iv.start_ns) ||
          __builtin_add_overflow(iv.end_ns, shift, &iv.end_ns) || iv.start_ns <= 0 ||
          iv.end_ns > kMaxPlausibleNs) {
        ++run.records.invalid;
        continue;
      }
      const rawstream::Placement& p = placed.placement;
      bool onGpu = p.track == TrackKind::GpuStream || p.track == TrackKind::GpuMarkers;
      std::int32_t device = onGpu ? devices.map(*s, p.device) : -1;
      auto key = std::make_tuple(static_cast<int>(p.track), device, p.lane);
      auto [slot, fresh] = tracks.try_emplace(key, run.tracks.size());
      if (fresh) {
        trace::Track t;
        t.kind = p.track;
        t.name = trackName(process, p, device);
        t.device = device;
        t.pid = s->pid;
        if (p.track == TrackKind::GpuStream) t.stream = p.lane;
        if (p.track == TrackKind::HostThread || p.track == TrackKind::Loader) t.tid = p.lane;
        run.tracks.push_back(std::move(t));
      }
      if (iv.name < names.size()) {
        if (!interned[iv.name]) {
          names[iv.name] = strings.intern(s->strings[iv.name]);
          interned[iv.name] = true;
        }
        iv.name = names[iv.name];
      } else {
        iv.name = 0;
      }
      if (iv.correlation != 0) {
        auto [c, unseen] = correlations.try_emplace(iv.correlation, 0);
        if (unseen) c->second = nextCorrelation++;
        iv.correlation = c->second;
      }
      run.tracks[slot->second].intervals.push_back(iv);
    }
  }

  for (auto& t : run.tracks) {
    t.intervals.sortByStart();
    t.intervals.shrinkToFit();
  }
  sortTracksForDisplay(run);
  run.labels["processes"] = std::to_string(streams.size());
  return run;
}

}  // namespace feedscope::launch
