// Joining runs across sessions with clock alignment.
#include "launch/run_join.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <optional>
#include <unordered_map>

#include "io/input_error.h"
#include "trace/device_identity.h"
#include "trace/run_builder.h"
#include "trace/track_names.h"
#include "trace/session_merge.h"
#include "trace/units.h"

namespace feedscope::launch {
namespace {

constexpr const char* kRecordedClock = "CLOCK_MONOTONIC";

std::string hostOf(const trace::Run& run) {
  auto it = run.labels.find("host");
  return it == run.labels.end() ? std::string() : it->second;
}

std::uint32_t maxCorrelation(const trace::Run& run) {
  std::uint32_t m = 0;
  for (const auto& t : run.tracks) {
    for (auto c : t.intervals.correlation) m = std::max(m, c);
  }
  return m;
}

}  // namespace

std::vector<std::string> joinRun(trace::Run& a, trace::StringTable& aStrings, trace::Run b,
                                 const trace::StringTable& bStrings, const std::string& bName) {
  for (const trace::Run* r : {&a, &b}) {
    if (r->clock.source != kRecordedClock) {
      throw io::InputError(
          "cannot join run '" + r->name + "'" + (r == &b ? " of " + bName : std::string()) + ": its clock (" +
          r->clock.source +
          ") has no stored realtime offset to align by; use --no-join to keep the runs apart");
    }
  }
  std::vector<std::string> notes;
  trace::TimeNs shift = 0;
  if (__builtin_sub_overflow(b.clock.realtime_offset_ns, a.clock.realtime_offset_ns, &shift)) {
    throw io::InputError("cannot join run '" + a.name + "' with " + bName +
                         ": realtime offsets out of range");
  }
  const std::string aHost = hostOf(a), bHost = hostOf(b);
  const bool sameHost = !aHost.empty() && aHost == bHost;
  const std::string prefix = sameHost || bHost.empty() ? "" : bHost + ": ";

  const auto ea = a.extent(), eb = b.extent();
  if (ea && eb) {
    trace::TimeNs bStart = 0, bEnd = 0;
    bool inRange =
        !__builtin_add_overflow(eb->start, shift, &bStart) && !__builtin_add_overflow(eb->end, shift, &bEnd);
    if (inRange && (bStart > ea->end || bEnd < ea->start)) {
      trace::TimeNs apart = bStart > ea->end ? bStart - ea->end : ea->start - bEnd;
      notes.push_back("run '" + a.name + "': the part from " + bName +
                      " does not overlap the rest in time (" + trace::formatDuration(apart) +
                      " apart): were they recorded in the same job?");
    }
  }

  // b's devices by the one identity rule; ids b's tracks use without a description come along.
  std::unordered_map<std::int32_t, std::int32_t> devices;
  {
    trace::DeviceIdentities identities(a.devices, a.gpuDeviceIds());
    for (const auto& d : b.devices) devices[d.id] = identities.resolve(d.id, &d, sameHost, bHost);
    for (auto id : b.gpuDeviceIds()) {
      if (!devices.count(id)) devices[id] = identities.resolve(id, nullptr, sameHost, bHost);
    }
  }
  const std::uint32_t correlationBase = maxCorrelation(a);
  if (static_cast<std::uint64_t>(correlationBase) + maxCorrelation(b) >
      std::numeric_limits<std::uint32_t>::max()) {
    throw io::InputError("cannot join run '" + a.name + "' with " + bName + ": too many correlation ids");
  }
  // b's tracks are moved onto a's clock, names and devices first, so that a stays as it was when a time
  // cannot be moved.
  std::unordered_map<trace::StringId, trace::StringId> names;
  for (auto& track : b.tracks) {
    auto& iv = track.intervals;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      if (__builtin_add_overflow(iv.start_ns[i], shift, &iv.start_ns[i]) ||
          __builtin_add_overflow(iv.end_ns[i], shift, &iv.end_ns[i]) || iv.start_ns[i] <= 0) {
        throw io::InputError("cannot join run '" + a.name + "' with " + bName +
                             ": its realtime offset puts its times outside the first part's clock");
      }
      if (iv.correlation[i] != 0) iv.correlation[i] += correlationBase;
      auto [it, fresh] = names.try_emplace(iv.name[i], 0);
      if (fresh) it->second = aStrings.intern(bStrings.get(iv.name[i]));
      iv.name[i] = it->second;
    }
    if (track.device >= 0) {
      auto to = devices.count(track.device) ? devices[track.device] : track.device;
      track.name = trace::renumberedTrackName(track.name, track.device, to);
      track.device = to;
    }
    track.name = prefix + track.name;
  }
  trace::RunBuilder builder(std::move(a));
  for (auto& track : b.tracks) builder.appendTrack(std::move(track), b.arguments);
  a = builder.finish();

  a.records.dropped += b.records.dropped;
  a.records.invalid += b.records.invalid;
  a.records.zero_length += b.records.zero_length;
  for (auto& [key, value] : b.labels) {
    if (key == "host") continue;
    if (key == "processes" && a.labels.count(key)) {
      // A label is free text (file-formats.md allows "many"): add counts only when both are counts.
      std::string& mine = a.labels[key];
      auto count = [](const std::string& text) -> std::optional<long long> {
        long long n = 0;
        auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
        if (error != std::errc() || end != text.data() + text.size() || n < 0 || n > (1LL << 40)) return std::nullopt;
        return n;
      };
      auto x = count(mine), y = count(value);
      mine = x && y ? std::to_string(*x + *y) : mine + " + " + value;
      continue;
    }
    std::string k =
        key.rfind("process ", 0) == 0 && !prefix.empty() ? "process " + bHost + ":" + key.substr(8) : key;
    a.labels.try_emplace(k, value);
  }
  if (!sameHost && !bHost.empty()) {
    std::string& hosts = a.labels["hosts"];
    if (hosts.empty()) hosts = aHost.empty() ? "unknown" : aHost;
    hosts += ", " + bHost;
  }
  if (a.command.empty()) a.command = b.command;
  return notes;
}

std::vector<std::string> joinSession(trace::Session& target, trace::Session source,
                                     const std::string& sourceName, const JoinOptions& options) {
  std::vector<std::string> notes;
  for (auto& run : source.runs) {
    trace::Run* existing = nullptr;
    if (options.join_same_names) {
      for (auto& r : target.runs) {
        if (r.name == run.name) existing = &r;
      }
    }
    if (existing != nullptr) {
      auto more = joinRun(*existing, target.strings, std::move(run), source.strings, sourceName);
      notes.insert(notes.end(), more.begin(), more.end());
    } else {
      trace::appendRun(target, std::move(run), source.strings);
    }
  }
  return notes;
}

}  // namespace feedscope::launch
