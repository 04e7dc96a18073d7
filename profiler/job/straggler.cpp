#include "job/straggler.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "analysis/thresholds.h"
#include "trace/statistics.h"
#include "trace/units.h"

namespace feedscope::job {

namespace {

// The lead-up to matched collective `c` on rank `r`, own clock: since the rank's previous matched
// collective ended, or since the job's window began for the first.
Span leadUp(const StragglerInputs& in, std::size_t c, std::size_t r) {
  const RankCollectives& mine = (*in.collectives)[r];
  const TimeNs shift = in.clock->shift_ns[r];
  const TimeNs arrival = mine.kernels[in.match->matched[c].kernel[r]].start_ns;
  TimeNs from = in.job_window.start - shift;
  if (c > 0) from = mine.kernels[in.match->matched[c - 1].kernel[r]].end_ns;
  return {std::min(from, arrival), arrival};
}

// What rank `r` did in that lead-up: the lead-ups of its collectives since the previous matched one
// (rank_summary.h), and for the first, the time before its trace began.
ActivityTimes activityInLeadUp(const StragglerInputs& in, std::size_t c, std::size_t r) {
  const RankSummary& rank = *in.ranks[r];
  const std::size_t k = in.match->matched[c].kernel[r];
  std::size_t first = 0;
  if (c > 0) {
    const std::size_t previous = in.match->matched[c - 1].kernel[r];
    first = previous < k ? previous + 1 : k;
  }
  ActivityTimes out;
  for (std::size_t j = first; j <= k && j < rank.lead_ups.size(); ++j) out += rank.lead_ups[j];
  if (c == 0) {
    const Span lead = leadUp(in, c, r);
    out[Activity::BeforeWindow] += std::max<TimeNs>(std::min(rank.extent.start, lead.end) - lead.start, 0);
  }
  return out;
}

}  // namespace

std::optional<Straggler> findStraggler(const StragglerInputs& in) {
  const std::size_t rankCount = in.rank_numbers.size();
  const auto& arrivals = *in.arrivals;
  if (rankCount < 2 || arrivals.empty()) return std::nullopt;
  std::vector<TimeNs> delay(rankCount, 0);
  for (const CollectiveArrivals& a : arrivals) delay[a.last_rank] += a.delay_ns;
  const std::size_t who = static_cast<std::size_t>(std::max_element(delay.begin(), delay.end()) - delay.begin());
  const TimeNs window = in.job_window.length();
  if (window <= 0 || delay[who] <= 0 ||
      100.0 * static_cast<double>(delay[who]) / static_cast<double>(window) < analysis::thresholds::kStragglerMinDelayPct) {
    return std::nullopt;
  }
  Straggler s;
  s.index = who;
  s.rank = in.rank_numbers[who];
  s.delay_ns = delay[who];
  // Each rank's activity over the lead-ups of the collectives the straggler was late at.
  std::vector<ActivityTimes> totals(rankCount);
  std::vector<std::pair<TimeNs, std::size_t>> late;  // (delay, collective)
  for (std::size_t c = 0; c < arrivals.size(); ++c) {
    if (arrivals[c].last_rank != who || arrivals[c].delay_ns <= 0) continue;
    ++s.late_count;
    late.emplace_back(arrivals[c].delay_ns, c);
    for (std::size_t r = 0; r < rankCount; ++r) totals[r] += activityInLeadUp(in, c, r);
  }
  auto othersMedian = [&](auto value) {
    std::vector<TimeNs> values;
    for (std::size_t r = 0; r < rankCount; ++r) {
      if (r != who) values.push_back(value(totals[r]));
    }
    return trace::medianNs(std::move(values));
  };
  TimeNs best = INT64_MIN;
  for (int i = 0; i < kActivityCount; ++i) {
    const auto a = static_cast<Activity>(i);
    const TimeNs excess = totals[who][a] - othersMedian([a](const ActivityTimes& t) { return t[a]; });
    if (excess > best) {
      best = excess;
      s.cause = a;
    }
  }
  best = std::max<TimeNs>(best, 0);
  // Nothing captured explains the lateness: it began before the trace did.
  if (2 * best < s.delay_ns) {
    s.cause = Activity::BeforeWindow;
    best = std::max<TimeNs>(
        totals[who][Activity::BeforeWindow] - othersMedian([](const ActivityTimes& t) { return t[Activity::BeforeWindow]; }), 0);
  }
  const auto perCollective = [&](TimeNs total) { return total / static_cast<TimeNs>(std::max<std::size_t>(s.late_count, 1)); };
  s.cause_excess_ns = perCollective(best);
  if (s.cause == Activity::Host) {
    std::set<std::string> names;
    for (const auto& [name, t] : totals[who].host_by_range) names.insert(name);
    for (const std::string& name : names) {
      const TimeNs excess = totals[who].host_by_range[name] - othersMedian([&name](const ActivityTimes& t) {
                              auto it = t.host_by_range.find(name);
                              return it == t.host_by_range.end() ? TimeNs{0} : it->second;
                            });
      if (excess > s.host_range_excess_ns) {
        s.host_range_excess_ns = excess;
        s.host_range = name;
      }
    }
    s.host_range_excess_ns = perCollective(s.host_range_excess_ns);
  }
  std::stable_sort(late.begin(), late.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (std::size_t i = 0; i < late.size() && i < 10; ++i) {
    const std::size_t c = late[i].second;
    s.evidence.push_back({leadUp(in, c, who), fmt::format("{} #{}: rank {} late by {}", in.match->matched[c].operation,
                                                          c + 1, s.rank, trace::formatDuration(late[i].first))});
  }
  return s;
}

}  // namespace feedscope::job
