#include "job/clock_alignment.h"

#include <algorithm>
#include <cstdlib>

#include "trace/statistics.h"

namespace feedscope::job {

std::string_view clockMethodKey(ClockMethod m) { return m == ClockMethod::Collectives ? "collectives" : "recorded"; }

ClockAlignment alignClocks(const std::vector<RankCollectives>& ranks, const CollectiveMatch& match) {
  ClockAlignment out;
  out.shift_ns.assign(ranks.size(), 0);
  if (match.matched.empty() || ranks.size() < 2) return out;
  out.method = ClockMethod::Collectives;
  auto endOf = [&](const MatchedCollective& m, std::size_t r) { return ranks[r].kernels[m.kernel[r]].end_ns; };
  for (std::size_t r = 1; r < ranks.size(); ++r) {
    std::vector<TimeNs> differences;
    differences.reserve(match.matched.size());
    for (const MatchedCollective& m : match.matched) differences.push_back(endOf(m, 0) - endOf(m, r));
    out.shift_ns[r] = trace::medianNs(std::move(differences));
    for (const MatchedCollective& m : match.matched) {
      out.max_residual_ns = std::max<TimeNs>(out.max_residual_ns, std::llabs(endOf(m, r) + out.shift_ns[r] - endOf(m, 0)));
    }
  }
  return out;
}

}  // namespace feedscope::job
