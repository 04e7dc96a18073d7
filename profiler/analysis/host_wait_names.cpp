// Naming the host time the GPU waited on.
#include "analysis/host_wait_names.h"

#include <algorithm>
#include <map>
#include <unordered_map>

#include "trace/range_names.h"

namespace feedscope::analysis {

using trace::IntervalKind;

namespace {

struct NamedSpan {
  TimeNs start = 0;
  TimeNs end = 0;
  trace::StringId name = kUnnamedSegment;
};

// True when the interval [start, end) contains a whole step: a container, not the work.
bool containsAStep(const std::vector<StepWindow>& steps, TimeNs start, TimeNs end) {
  auto it = std::lower_bound(steps.begin(), steps.end(), start,
                             [](const StepWindow& s, TimeNs t) { return s.span.start < t; });
  return it != steps.end() && it->span.end <= end;
}

// The outermost intervals of `kind` on one thread (sorted by start), as disjoint named spans: an
// interval inside an earlier one is nested and left out; one that outlasts it adds its own tail.
std::vector<NamedSpan> outermost(const trace::IntervalColumns& iv, IntervalKind kind,
                                 const std::vector<StepWindow>& steps) {
  std::vector<NamedSpan> out;
  for (std::size_t i = 0; i < iv.size(); ++i) {
    if (iv.kind[i] != kind || iv.end_ns[i] <= iv.start_ns[i]) continue;
    if (containsAStep(steps, iv.start_ns[i], iv.end_ns[i])) continue;
    const TimeNs from = out.empty() ? iv.start_ns[i] : std::max(iv.start_ns[i], out.back().end);
    if (from >= iv.end_ns[i]) continue;
    out.push_back({from, iv.end_ns[i], iv.name[i]});
  }
  return out;
}

// One launching thread's names: its outermost user ranges, else its outermost operators.
struct ThreadNames {
  std::vector<NamedSpan> ranges;
  std::vector<NamedSpan> operators;
  std::size_t range_cursor = 0;
  std::size_t operator_cursor = 0;
};

// Appends `piece` cut by `spans` (from `cursor` on): the covered parts named, the rest as `rest`.
template <typename Rest>
void cutBy(const std::vector<NamedSpan>& spans, std::size_t& cursor, CauseSegment piece, Rest rest,
           trace::LargeVector<CauseSegment>& out) {
  while (cursor < spans.size() && spans[cursor].end <= piece.start) ++cursor;
  TimeNs at = piece.start;
  for (std::size_t k = cursor; k < spans.size() && spans[k].start < piece.end; ++k) {
    const TimeNs s = std::max(spans[k].start, at), e = std::min(spans[k].end, piece.end);
    if (s > at) rest(CauseSegment{at, s, piece.cause, kUnnamedSegment});
    if (e > s) out.push_back({s, e, piece.cause, spans[k].name});
    at = std::max(at, e);
  }
  if (at < piece.end) rest(CauseSegment{at, piece.end, piece.cause, kUnnamedSegment});
}

}  // namespace

void nameHostWait(DeviceTimeline& timeline, const trace::Run& run, const std::vector<StepWindow>& steps) {
  const bool anyHostOther = std::any_of(timeline.causes.begin(), timeline.causes.end(),
                                        [](const CauseSegment& s) { return s.cause == GapCause::HostOther; });
  if (!anyHostOther) return;
  std::unordered_map<std::uint32_t, ThreadNames> threads;  // by track, built when first needed
  trace::LargeVector<CauseSegment> named;
  named.reserve(timeline.causes.size() + timeline.causes.size() / 8);
  std::size_t gap = 0;
  for (const CauseSegment& seg : timeline.causes) {
    if (seg.cause != GapCause::HostOther) {
      named.push_back(seg);
      continue;
    }
    while (gap < timeline.gaps.size() && timeline.gaps[gap].span.end <= seg.start) ++gap;
    const std::uint32_t track = gap < timeline.gaps.size() ? timeline.gaps[gap].launch_track : kNoLaunchTrack;
    if (track == kNoLaunchTrack || track >= run.tracks.size()) {
      named.push_back(seg);
      continue;
    }
    auto [it, fresh] = threads.try_emplace(track);
    ThreadNames& names = it->second;
    if (fresh) {
      names.ranges = outermost(run.tracks[track].intervals, IntervalKind::Range, steps);
      names.operators = outermost(run.tracks[track].intervals, IntervalKind::HostOp, steps);
    }
    cutBy(
        names.ranges, names.range_cursor, seg,
        [&](CauseSegment rest) {
          cutBy(
              names.operators, names.operator_cursor, rest, [&](CauseSegment none) { named.push_back(none); },
              named);
        },
        named);
  }
  timeline.causes = std::move(named);
}

TimeNs HostWaitByName::namedNs() const {
  TimeNs total = 0;
  for (const auto& r : ranges) total += r.ns;
  return total;
}

HostWaitByName hostOtherByName(const DeviceTimeline& timeline, const trace::StringTable& strings,
                               Span window) {
  HostWaitByName out;
  std::unordered_map<trace::StringId, TimeNs> byId;
  for (const CauseSegment& seg : timeline.causes) {
    if (seg.start >= window.end) break;
    if (seg.cause != GapCause::HostOther || seg.end <= window.start) continue;
    const TimeNs ns = std::min(seg.end, window.end) - std::max(seg.start, window.start);
    if (seg.name == kUnnamedSegment) {
      out.unnamed_ns += ns;
    } else {
      byId[seg.name] += ns;
    }
  }
  std::map<std::string, TimeNs> byName;
  for (const auto& [id, ns] : byId) byName[trace::foldedRangeName(strings.get(id))] += ns;
  for (auto& [name, ns] : byName) out.ranges.push_back({name, ns});
  std::stable_sort(out.ranges.begin(), out.ranges.end(),
                   [](const NamedHostTime& a, const NamedHostTime& b) { return a.ns > b.ns; });
  return out;
}

}  // namespace feedscope::analysis
