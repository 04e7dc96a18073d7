// Joining runs across sessions with clock alignment.
#include "launch/run_join.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <optional>
#include <unordered_map>

#include "io/input_error.h"
#include "launch/track_order.h"
#include "trace/session_merge.h"
#include "trace/units.h"

namespace feedscope::launch {
namespace {

constexpr const char* kRecordedClock = "CLOCK_MONOTONIC";

std::string hostOf(const trace::Run& run) {
  auto it = run.labels.find("host");
  return it == run.labels.end() ? std::string() : it->second;
}

struct Extent {
  trace::TimeNs start = std::numeric_limits<trace::TimeNs>::max();
  trace::TimeNs end = std::numeric_limits<trace::TimeNs>::min();
  bool empty() const { return start > end; }
};

Extent extentOf(const trace::Run& run) {
  Extent e;
  for (const auto& t : run.tracks) {
    if (t.intervals.empty()) continue;
    e.start = std::min(e.start, t.intervals.start_ns.front());
    for (auto end : t.intervals.end_ns) e.end = std::max(e.end, end);
  }
  return e;
}

std::uint32_t maxCorrelation(const trace::Run& run) {
  std::uint32_t m = 0;
  for (const auto& t : run.tracks) {
    for (auto c : t.intervals.correlation) m = std::max(m, c);
  }
  return m;
}

// Device ids of b in a: the same uuid is the same device; on the same host the same ordinal is too
// (unless the uuids say otherwise); anything else is another GPU and gets an id of its own.
std::unordered_map<std::int32_t, std::int32_t> mapDevices(trace::Run& a, const trace::Run& b, bool sameHost,
                                                          const std::string& bHost) {
  std::vector<std::int32_t> bIds;
  for (const auto& d : b.devices) bIds.push_back(d.id);
  for (auto id : b.gpuDeviceIds()) {
    if (std::find(bIds.begin(), bIds.end(), id) == bIds.end()) bIds.push_back(id);
  }
  std::int32_t next = 0;
  for (const auto& d : a.devices) next = std::max(next, d.id + 1);
  for (auto id : a.gpuDeviceIds()) next = std::max(next, id + 1);

  std::unordered_map<std::int32_t, std::int32_t> map;
  for (auto id : bIds) {
    const trace::DeviceInfo* info = b.device(id);
    std::string uuid = info ? info->uuid : "";
    std::optional<std::int32_t> target;
    if (!uuid.empty()) {
      for (const auto& d : a.devices) {
        if (d.uuid == uuid) target = d.id;
      }
    }
    if (!target && sameHost) {
      const trace::DeviceInfo* same = a.device(id);
      auto used = a.gpuDeviceIds();
      bool known = same != nullptr || std::find(used.begin(), used.end(), id) != used.end();
      bool conflicting = same != nullptr && !same->uuid.empty() && !uuid.empty() && same->uuid != uuid;
      if (known && !conflicting) target = id;
    }
    if (!target) {
      target = next++;
      trace::DeviceInfo added = info ? *info : trace::DeviceInfo{};
      added.id = *target;
      if (!bHost.empty()) added.name = (added.name.empty() ? "GPU" : added.name) + " on " + bHost;
      a.devices.push_back(added);
    }
    map[id] = *target;
  }
  return map;
}

std::string renamedGpu(std::string name, std::int32_t from, std::int32_t to) {
  if (from == to) return name;
  std::string old = "GPU " + std::to_string(from);
  if (auto at = name.find(old); at != std::string::npos)
    name.replace(at, old.size(), "GPU " + std::to_string(to));
  return name;
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

  Extent ea = extentOf(a), eb = extentOf(b);
  if (!ea.empty() && !eb.empty()) {
    trace::TimeNs bStart = 0, bEnd = 0;
    bool inRange =
        !__builtin_add_overflow(eb.start, shift, &bStart) && !__builtin_add_overflow(eb.end, shift, &bEnd);
    if (inRange && (bStart > ea.end || bEnd < ea.start)) {
      trace::TimeNs apart = bStart > ea.end ? bStart - ea.end : ea.start - bEnd;
      notes.push_back("run '" + a.name + "': the part from " + bName +
                      " does not overlap the rest in time (" + trace::formatDuration(apart) +
                      " apart): were they recorded in the same job?");
    }
  }

  auto devices = mapDevices(a, b, sameHost, bHost);
  const std::uint32_t correlationBase = maxCorrelation(a);
  if (static_cast<std::uint64_t>(correlationBase) + maxCorrelation(b) >
      std::numeric_limits<std::uint32_t>::max()) {
    throw io::InputError("cannot join run '" + a.name + "' with " + bName + ": too many correlation ids");
  }
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
      track.name = renamedGpu(track.name, track.device, to);
      track.device = to;
    }
    track.name = prefix + track.name;
    a.tracks.push_back(std::move(track));
  }

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
  sortTracksForDisplay(a);
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
