// Joining runs across sessions with clock alignment.
#include "launch/run_join.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <optional>
#include <unordered_map>

#include "io/input_error.h"
#include "trace/device_identity.h"
#include "trace/rank_environment.h"
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

// Moves `b`'s times onto `a`'s clock by the difference of their realtime offsets (wall = run clock +
// offset), so that b then has a's offset. Returns a note when the two do not overlap in time.
std::vector<std::string> moveOntoClockOf(trace::Run& b, const trace::Run& a, const std::string& bName) {
  for (const trace::Run* r : {&a, static_cast<const trace::Run*>(&b)}) {
    if (r->clock.source != kRecordedClock) {
      throw io::InputError(
          "cannot join run '" + r->name + "'" + (r == &b ? " of " + bName : std::string()) + ": its clock (" +
          r->clock.source +
          ") has no stored realtime offset to align by; use --no-join to keep the runs apart");
    }
  }
  trace::TimeNs shift = 0;
  if (__builtin_sub_overflow(b.clock.realtime_offset_ns, a.clock.realtime_offset_ns, &shift)) {
    throw io::InputError("cannot join run '" + a.name + "' with " + bName +
                         ": realtime offsets out of range");
  }
  for (auto& track : b.tracks) {
    auto& iv = track.intervals;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      if (__builtin_add_overflow(iv.start_ns[i], shift, &iv.start_ns[i]) ||
          __builtin_add_overflow(iv.end_ns[i], shift, &iv.end_ns[i]) || iv.start_ns[i] <= 0) {
        throw io::InputError("cannot join run '" + a.name + "' with " + bName +
                             ": its realtime offset puts its times outside the first part's clock");
      }
    }
  }
  b.clock.realtime_offset_ns = a.clock.realtime_offset_ns;
  std::vector<std::string> notes;
  const auto ea = a.extent(), eb = b.extent();
  if (ea && eb && (eb->start > ea->end || eb->end < ea->start)) {
    trace::TimeNs apart = eb->start > ea->end ? eb->start - ea->end : ea->start - eb->end;
    notes.push_back("run '" + a.name + "': the part from " + bName + " does not overlap the rest in time (" +
                    trace::formatDuration(apart) + " apart): were they recorded in the same job?");
  }
  return notes;
}

std::optional<int> recordedRankOf(const trace::Run& run) {
  auto r = trace::recordedRank(run.labels);
  return r ? std::optional<int>(r->rank) : std::nullopt;
}

// Whether the joined `run` holds parts named `name`: it has that name, or it is the run of its rank
// kept apart under "name rank N".
bool holdsPartsNamed(const trace::Run& run, const std::string& name) {
  if (run.name == name) return true;
  auto rank = recordedRankOf(run);
  return rank && run.name == trace::rankRunName(name, *rank);
}

}  // namespace

std::vector<std::string> joinRun(trace::Run& a, trace::StringTable& aStrings, trace::Run b,
                                 const trace::StringTable& bStrings, const std::string& bName) {
  std::vector<std::string> notes = moveOntoClockOf(b, a, bName);
  const std::string aHost = hostOf(a), bHost = hostOf(b);
  const bool sameHost = !aHost.empty() && aHost == bHost;
  const std::string prefix = sameHost || bHost.empty() ? "" : bHost + ": ";

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
  // b's names, devices and correlation ids are made a's (b is on a's clock already).
  std::unordered_map<trace::StringId, trace::StringId> names;
  for (auto& track : b.tracks) {
    auto& iv = track.intervals;
    for (std::size_t i = 0; i < iv.size(); ++i) {
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
    if (!options.join_same_names) {
      trace::appendRun(target, std::move(run), source.strings);
      continue;
    }
    // The parts of the same name already joined: the one of this part's rank (or the one of no rank, or
    // any when this part has none) takes it; parts of other ranks are kept apart (docs/recording.md,
    // "Merging sessions of several machines").
    const std::optional<int> rank = recordedRankOf(run);
    trace::Run* existing = nullptr;
    std::vector<std::size_t> otherRanks;
    for (std::size_t k = 0; k < target.runs.size(); ++k) {
      trace::Run& r = target.runs[k];
      if (!rank) {
        if (r.name == run.name) existing = &r;
        continue;
      }
      if (!holdsPartsNamed(r, run.name)) continue;
      const std::optional<int> theirs = recordedRankOf(r);
      if (!theirs) {
        if (existing == nullptr) existing = &r;
      } else if (*theirs == *rank) {
        existing = &r;
      } else {
        otherRanks.push_back(k);
      }
    }
    if (existing != nullptr) {
      auto more = joinRun(*existing, target.strings, std::move(run), source.strings, sourceName);
      notes.insert(notes.end(), more.begin(), more.end());
    } else if (!otherRanks.empty()) {
      // Another rank of the job: a run of its own on the first rank's clock, each rank named by its number.
      const std::string name = run.name;
      for (std::size_t k : otherRanks) {
        trace::Run& r = target.runs[k];
        if (r.name == name) r.name = trace::rankRunName(name, *recordedRankOf(r));
      }
      auto more = moveOntoClockOf(run, target.runs[otherRanks.front()], sourceName);
      notes.insert(notes.end(), more.begin(), more.end());
      run.name = trace::rankRunName(name, *rank);
      trace::appendRun(target, std::move(run), source.strings);
      // Next to the other ranks, so that a session of two jobs merged in any order keeps each job's
      // ranks together (the job grouping reads runs in order, job/job_grouping.h).
      const auto after = target.runs.begin() + static_cast<std::ptrdiff_t>(otherRanks.back() + 1);
      std::rotate(after, target.runs.end() - 1, target.runs.end());
    } else {
      trace::appendRun(target, std::move(run), source.strings);
    }
  }
  return notes;
}

}  // namespace feedscope::launch
