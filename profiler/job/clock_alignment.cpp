#include "job/clock_alignment.h"

#include <algorithm>
#include <cstdlib>

#include "trace/statistics.h"
#include "trace/types.h"

namespace feedscope::job {

std::string_view clockMethodKey(ClockMethod m) { return m == ClockMethod::Collectives ? "collectives" : "recorded"; }

namespace {

// Sums and differences of two times, which an int64 may not hold.
__extension__ typedef __int128 Wide;

// Where each rank's extent lies now (recorded, or moved by its shift): the job's window is their union,
// kept shorter than trace::kMaxTimeNs and within the time rule (±kMaxTimeNs).
class Placements {
 public:
  explicit Placements(const std::vector<Span>& extents) : at_(extents) {}
  // Moves rank `r` by `shift` when the job's window stays as it must; false (nothing moved) otherwise.
  bool move(std::size_t r, TimeNs shift) {
    if (r >= at_.size()) return true;  // no extent known: nothing to keep
    const Wide start = static_cast<Wide>(at_[r].start) + shift, end = static_cast<Wide>(at_[r].end) + shift;
    if (start < -trace::kMaxTimeNs || end > trace::kMaxTimeNs) return false;
    Wide first = start, last = end;
    for (std::size_t o = 0; o < at_.size(); ++o) {
      if (o == r) continue;
      first = std::min<Wide>(first, at_[o].start);
      last = std::max<Wide>(last, at_[o].end);
    }
    if (last - first >= trace::kMaxTimeNs) return false;
    at_[r] = {static_cast<TimeNs>(start), static_cast<TimeNs>(end)};
    return true;
  }

 private:
  std::vector<Span> at_;
};

}  // namespace

std::vector<std::size_t> ranksOnOneClockWindow(const std::vector<Span>& extents) {
  std::vector<std::size_t> ranks;
  Span window;
  for (std::size_t r = 0; r < extents.size(); ++r) {
    const Span e = extents[r];
    // The first rank is the job's whatever its extent: the others join it.
    const Span joined = ranks.empty() ? e : Span{std::min(window.start, e.start), std::max(window.end, e.end)};
    if (!ranks.empty() && static_cast<Wide>(joined.end) - joined.start >= trace::kMaxTimeNs) continue;
    window = joined;
    ranks.push_back(r);
  }
  return ranks;
}

ClockAlignment alignClocks(const std::vector<RankCollectives>& ranks, const CollectiveMatch& match,
                           const std::vector<Span>& extents) {
  ClockAlignment out;
  const std::size_t n = ranks.size();
  out.shift_ns.assign(n, 0);
  if (match.matched.empty() || n < 2) return out;
  out.method = ClockMethod::Collectives;
  auto endOf = [&](const MatchedCollective& m, std::size_t i) { return ranks[m.members[i]].kernels[m.kernel[i]].end_ns; };
  std::vector<bool> aligned(n, false), refused(n, false);
  aligned[0] = true;
  Placements placed(extents);
  for (std::size_t round = 1; round < n; ++round) {
    // Per unaligned rank: (aligned end of the lowest aligned member − its end) over shared collectives.
    std::vector<std::vector<TimeNs>> samples(n);
    for (const MatchedCollective& m : match.matched) {
      std::size_t reference = m.members.size();
      for (std::size_t i = 0; i < m.members.size() && reference == m.members.size(); ++i) {
        if (aligned[m.members[i]]) reference = i;
      }
      if (reference == m.members.size()) continue;
      const Wide referenceEnd = static_cast<Wide>(endOf(m, reference)) + out.shift_ns[m.members[reference]];
      for (std::size_t i = 0; i < m.members.size(); ++i) {
        const Wide sample = referenceEnd - endOf(m, i);
        // A sample no time difference can be is no clock's: left out (a job's times lie in one window).
        if (aligned[m.members[i]] || refused[m.members[i]] || sample > trace::kMaxTimeNs || sample < -trace::kMaxTimeNs) continue;
        samples[m.members[i]].push_back(static_cast<TimeNs>(sample));
      }
    }
    std::size_t next = n;
    for (std::size_t r = 0; r < n; ++r) {
      if (!aligned[r] && !samples[r].empty() && (next == n || samples[r].size() > samples[next].size())) next = r;
    }
    if (next == n) break;
    const TimeNs shift = trace::medianNs(std::move(samples[next]));
    if (!placed.move(next, shift)) {
      refused[next] = true;  // keeps its recorded clock, and no rank is aligned through it
      out.outside_window.push_back(next);
      continue;
    }
    out.shift_ns[next] = shift;
    aligned[next] = true;
  }
  for (std::size_t r = 0; r < n; ++r) {
    if (!aligned[r]) out.unaligned.push_back(r);
  }
  for (const MatchedCollective& m : match.matched) {
    const Wide referenceEnd = static_cast<Wide>(endOf(m, 0)) + out.shift_ns[m.members[0]];
    for (std::size_t i = 1; i < m.members.size(); ++i) {
      const Wide residual = static_cast<Wide>(endOf(m, i)) + out.shift_ns[m.members[i]] - referenceEnd;
      const Wide magnitude = residual < 0 ? -residual : residual;
      out.max_residual_ns = static_cast<TimeNs>(std::min<Wide>(std::max<Wide>(out.max_residual_ns, magnitude), INT64_MAX));
    }
  }
  return out;
}

}  // namespace feedscope::job
