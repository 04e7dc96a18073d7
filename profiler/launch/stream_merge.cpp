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

trace::Run mergeProcessStreams(const std::vector<ProcessStream>& input, trace::StringTable& strings,
                               const std::string& label, std::vector<std::string>* notes) {
  std::vector<const ProcessStream*> streams;
  for (const auto& s : input) streams.push_back(&s);
  // Processes in the order they started: the program first, then its children.
  std::stable_sort(streams.begin(), streams.end(), [](const ProcessStream* a, const ProcessStream* b) {
    return std::tie(a->created_monotonic_ns, a->pid) < std::tie(b->created_monotonic_ns, b->pid);
  });

  trace::RunBuilder builder(label);
  trace::Run& run = builder.run();
  run.source = "record";
  run.clock.source = "CLOCK_MONOTONIC";
  trace::DeviceIdentities devices(run.devices);
  auto deviceOf = [&](const ProcessStream& s, std::int32_t ordinal) {
    std::optional<trace::DeviceInfo> described;
    for (const auto& d : s.devices) {
      if (d.id == ordinal) described = trace::DeviceInfo{d.id, d.name, d.uuid};
    }
    return devices.resolve(ordinal, described ? &*described : nullptr);
  };
  std::uint32_t nextCorrelation = 1;
  bool haveOffset = false;
  // Devices the processes described come first, so an ordinal seen without a description joins them.
  for (const ProcessStream* s : streams) {
    for (const auto& d : s->devices) deviceOf(*s, d.id);
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
    builder.countInvalid(s->invalid);

    const std::int64_t shift = toMonotonicOffset(*s);
    // Records stamped after another profiler changed CUPTI's clock would land at the wrong time.
    const StreamClockCheck clock = checkStreamClock(*s);
    std::uint64_t afterClockChange = 0;
    std::vector<trace::StringId> names(s->strings.size(), 0);
    std::vector<bool> interned(s->strings.size(), false);
    // The stream stores each arguments text once (a String); the run does too.
    std::vector<trace::ArgumentsId> argumentIds(s->strings.size(), 0);
    std::unordered_map<std::uint32_t, std::uint32_t> correlations;
    std::map<std::tuple<int, std::int32_t, std::int64_t>, std::size_t> tracks;

    for (const auto& placed : s->intervals) {
      trace::Interval iv = placed.interval;
      if (iv.start_ns > clock.trusted_until_ns) {
        ++afterClockChange;
        continue;
      }
      // CLOCK_MONOTONIC readings are positive: anything below zero, past kMaxPlausibleNs or longer
      // than kMaxPlausibleDurationNs, before or after the clock shift, is damage, which would
      // overflow the analysis' sums. Spans are judged and moved by the one rule (trace::spanValidity,
      // trace::shiftSpan); the plausibility of a CLOCK_MONOTONIC reading is this source's own.
      if (trace::spanValidity(iv.start_ns, iv.end_ns) == trace::SpanValidity::Invalid || iv.start_ns < 0 ||
          iv.end_ns - iv.start_ns > kMaxPlausibleDurationNs || !trace::shiftSpan(iv.start_ns, iv.end_ns, shift) ||
          iv.start_ns <= 0 || iv.end_ns > kMaxPlausibleNs) {
        builder.countInvalid();
        continue;
      }
      const rawstream::Placement& p = placed.placement;
      const bool onGpu = p.track == TrackKind::GpuStream || p.track == TrackKind::GpuMarkers;
      const std::int32_t device = onGpu ? deviceOf(*s, p.device) : -1;
      auto key = std::make_tuple(static_cast<int>(p.track), device, p.lane);
      auto slot = tracks.find(key);
      if (slot == tracks.end()) {
        std::size_t track = 0;
        switch (p.track) {
          case TrackKind::GpuStream: track = builder.gpuTrack(device, p.lane, s->pid, process); break;
          case TrackKind::GpuMarkers: track = builder.gpuMarkerTrack(device, s->pid, process); break;
          case TrackKind::HostThread: track = builder.hostTrack(s->pid, p.lane, process); break;
          case TrackKind::Loader: track = builder.loaderTrack(p.lane, s->pid, process); break;
        }
        slot = tracks.emplace(key, track).first;
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
      if (placed.arguments != 0 && placed.arguments < argumentIds.size()) {
        trace::ArgumentsId& id = argumentIds[placed.arguments];
        if (id == 0) id = builder.addArguments(s->name(placed.arguments));
        iv.arguments = id;
      }
      builder.add(slot->second, iv);
    }
    if (clock.changed) {
      std::string line = fmt::format(
          "{}: {}; its {} records from then on are left out rather than placed on a wrong clock (record "
          "without torch.profiler, or read the torch.profiler trace itself)",
          process, clock.problem, afterClockChange);
      run.labels["clock " + std::to_string(s->pid)] =
          fmt::format("changed during the recording: {} records left out", afterClockChange);
      if (notes != nullptr) notes->push_back(std::move(line));
    }
  }

  run.labels["processes"] = std::to_string(streams.size());
  return builder.finish();
}

}  // namespace feedscope::launch
