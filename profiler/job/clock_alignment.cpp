#include "job/clock_alignment.h"

#include <algorithm>
#include <cstdlib>

#include "trace/statistics.h"

namespace feedscope::job {

std::string_view clockMethodKey(ClockMethod m) { return m == ClockMethod::Collectives ? "collectives" : "recorded"; }

ClockAlignment alignClocks(const std::vector<RankCollectives>& ranks, const CollectiveMatch& match) {
  ClockAlignment out;
  const std::size_t n = ranks.size();
  out.shift_ns.assign(n, 0);
  if (match.matched.empty() || n < 2) return out;
  out.method = ClockMethod::Collectives;
  auto endOf = [&](const MatchedCollective& m, std::size_t i) { return ranks[m.members[i]].kernels[m.kernel[i]].end_ns; };
  std::vector<bool> aligned(n, false);
  aligned[0] = true;
  for (std::size_t round = 1; round < n; ++round) {
    // Per unaligned rank: (aligned end of the lowest aligned member − its end) over shared collectives.
    std::vector<std::vector<TimeNs>> samples(n);
    for (const MatchedCollective& m : match.matched) {
      std::size_t reference = m.members.size();
      for (std::size_t i = 0; i < m.members.size() && reference == m.members.size(); ++i) {
        if (aligned[m.members[i]]) reference = i;
      }
      if (reference == m.members.size()) continue;
      const TimeNs referenceEnd = endOf(m, reference) + out.shift_ns[m.members[reference]];
      for (std::size_t i = 0; i < m.members.size(); ++i) {
        if (!aligned[m.members[i]]) samples[m.members[i]].push_back(referenceEnd - endOf(m, i));
      }
    }
    std::size_t next = n;
    for (std::size_t r = 0; r < n; ++r) {
      if (!aligned[r] && !samples[r].empty() && (next == n || samples[r].size() > samples[next].size())) next = r;
    }
    if (next == n) break;
    out.shift_ns[next] = trace::medianNs(std::move(samples[next]));
    aligned[next] = true;
  }
  for (std::size_t r = 0; r < n; ++r) {
    if (!aligned[r]) out.unaligned.push_back(r);
  }
  for (const MatchedCollective& m : match.matched) {
    const TimeNs referenceEnd = endOf(m, 0) + out.shift_ns[m.members[0]];
    for (std::size_t i = 1; i < m.members.size(); ++i) {
      out.max_residual_ns =
          std::max<TimeNs>(out.max_residual_ns, std::llabs(endOf(m, i) + out.shift_ns[m.members[i]] - referenceEnd));
    }
  }
  return out;
}

}  // namespace feedscope::job
