#include "job/lateness.h"

#include <algorithm>

#include "analysis/thresholds.h"
#include "trace/statistics.h"

namespace feedscope::job {

ReplayedJob replayJob(const JobChain& chain, const std::vector<JobStepSpans>& steps, const std::vector<bool>& onTime) {
  ReplayedJob out;
  const Replay replayed = replay(chain, onTimeExcess(chain, onTime));
  for (const JobStepSpans& s : steps) out.step_ns.push_back(replayedLength(s, replayed));
  out.median_step_ns = trace::medianNs(out.step_ns);
  out.end_saving_ns = endSaving(chain, replayed);
  return out;
}

LatenessFigures measureLateness(const JobChain& chain, const std::vector<JobStepSpans>& steps, Span window) {
  namespace t = analysis::thresholds;
  LatenessFigures out;
  const std::size_t n = chain.ranks.size();
  out.ranks.resize(n);
  std::vector<TimeNs> lengths;
  for (const JobStepSpans& s : steps) lengths.push_back(s.span.length());
  const TimeNs unit = steps.empty() ? window.length() : trace::medianNs(lengths);
  out.noise_ns = static_cast<TimeNs>(static_cast<double>(unit) * t::kLateStepMinPct / 100.0);
  out.soonest_rank.assign(chain.members.size(), kNobody);
  out.soonest_ns.assign(chain.members.size(), 0);
  std::vector<TimeNs> incidents;
  TimeNs total = 0;
  for (std::size_t r = 0; r < n; ++r) {
    RankCost& cost = out.ranks[r];
    cost.step_saving_ns.assign(steps.size(), 0);
    std::vector<bool> onTime(n, false);
    onTime[r] = true;
    const auto excess = onTimeExcess(chain, onTime);
    if (std::all_of(excess[r].begin(), excess[r].end(), [](TimeNs x) { return x == 0; })) continue;
    const Replay replayed = replay(chain, excess);
    cost.cost_ns = endSaving(chain, replayed);
    for (std::size_t c = 0; c < replayed.shift_ns.size(); ++c) {
      if (replayed.shift_ns[c] > out.soonest_ns[c]) {
        out.soonest_ns[c] = replayed.shift_ns[c];
        out.soonest_rank[c] = r;
      }
    }
    for (std::size_t s = 0; s < steps.size(); ++s) {
      cost.step_saving_ns[s] = lengths[s] - replayedLength(steps[s], replayed);
      if (cost.step_saving_ns[s] > 0 && cost.step_saving_ns[s] >= out.noise_ns) {
        ++cost.late_steps;
        incidents.push_back(cost.step_saving_ns[s]);
      }
    }
    if (steps.empty() && cost.cost_ns > 0 && cost.cost_ns >= out.noise_ns) {
      cost.late_steps = 1;
      incidents.push_back(cost.cost_ns);
    }
    out.ranks_late += cost.late_steps > 0;
    total += cost.cost_ns;
  }
  out.median_delay_ns = trace::medianNs(incidents);
  if (n < 2) return out;
  std::size_t top = 0;
  for (std::size_t r = 1; r < n; ++r) {
    if (out.ranks[r].cost_ns > out.ranks[top].cost_ns) top = r;
  }
  const double cost = static_cast<double>(out.ranks[top].cost_ns);
  const bool large = window.length() > 0 && cost > 0 && 100.0 * cost >= t::kStragglerMinDelayPct * static_cast<double>(window.length());
  const bool persistent = 100.0 * cost > t::kStragglerLatenessSharePct * static_cast<double>(total);
  if (large && persistent) {
    out.straggler = top;
  } else {
    out.rotates = out.ranks_late >= 2;
  }
  return out;
}

void attributeWaits(const LatenessFigures& lateness, std::vector<CollectiveArrivals>& arrivals) {
  for (std::size_t c = 0; c < arrivals.size(); ++c) {
    CollectiveArrivals& a = arrivals[c];
    const TimeNs longest = *std::max_element(a.peer_wait_ns.begin(), a.peer_wait_ns.end());
    a.waited_for = longest <= 0 ? kNobody : a.last_rank;
    if (longest > 0 && c < lateness.soonest_rank.size() && lateness.soonest_rank[c] != kNobody &&
        2 * lateness.soonest_ns[c] >= longest) {
      a.waited_for = lateness.soonest_rank[c];
    }
  }
}

}  // namespace feedscope::job
