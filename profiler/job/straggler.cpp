#include "job/straggler.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "present/job_phrases.h"
#include "trace/statistics.h"
#include "trace/units.h"

namespace feedscope::job {

namespace {

// Each rank's activity in the windows the straggler was late in: its late steps, or its whole trace
// without steps in common. Also how many windows, and what the straggler cost them.
struct LateWindows {
  std::vector<ActivityTimes> totals;  // per rank
  std::size_t count = 0;
  TimeNs cost_ns = 0;
};

LateWindows lateWindows(const StragglerInputs& in, std::size_t who) {
  LateWindows out;
  const std::size_t n = in.ranks.size();
  out.totals.resize(n);
  const auto& steps = *in.steps;
  const RankCost& cost = in.lateness->ranks[who];
  std::vector<std::size_t> late;
  for (std::size_t s = 0; s < steps.size(); ++s) {
    if (cost.step_saving_ns[s] > 0 && cost.step_saving_ns[s] >= in.lateness->noise_ns) late.push_back(s);
  }
  if (late.empty()) {  // late by less than the noise in each step: every step tells its cause
    for (std::size_t s = 0; s < steps.size(); ++s) late.push_back(s);
  }
  if (steps.empty()) {
    for (std::size_t r = 0; r < n; ++r) out.totals[r] = in.ranks[r]->activity;
    out.count = 1;
    out.cost_ns = cost.cost_ns;
    return out;
  }
  for (std::size_t s : late) {
    for (std::size_t r = 0; r < n; ++r) out.totals[r] += in.ranks[r]->steps[steps[s].index[r]].activity;
    out.cost_ns += cost.step_saving_ns[s];
  }
  out.count = late.size();
  return out;
}

// The straggler's parts of the story, by group and operation.
void tellParts(const StragglerInputs& in, std::size_t who, Straggler& s) {
  const auto& arrivals = *in.arrivals;
  const CollectiveMatch& match = *in.match;
  std::map<std::pair<std::size_t, std::string>, std::size_t> total;
  std::map<std::pair<std::size_t, std::string>, std::pair<std::size_t, std::size_t>> counts;  // (last, through)
  std::map<std::pair<std::size_t, std::string>, std::size_t> ordinal;
  std::vector<std::pair<TimeNs, std::size_t>> late;  // (delay, collective)
  std::vector<std::size_t> numberOf(arrivals.size());
  for (std::size_t c = 0; c < arrivals.size(); ++c) {
    const auto key = std::make_pair(match.matched[c].group, match.matched[c].operation);
    ++total[key];
    numberOf[c] = ++ordinal[key];
    if (arrivals[c].waited_for != who) continue;
    if (arrivals[c].last_rank == who) {
      if (arrivals[c].delay_ns <= 0) continue;
      ++counts[key].first;
      ++s.late_count;
      late.emplace_back(arrivals[c].delay_ns, c);
    } else {
      ++counts[key].second;
    }
  }
  // One part per operation: a group's own name with its ranks, several groups' names together.
  auto tell = [&](bool through) {
    std::map<std::string, std::vector<std::pair<std::size_t, std::size_t>>> byOperation;  // op → (group, count)
    for (const auto& [key, count] : counts) {
      const std::size_t n = through ? count.second : count.first;
      if (n > 0) byOperation[key.second].emplace_back(key.first, n);
    }
    std::vector<StragglerPart> parts;
    for (const auto& [operation, list] : byOperation) {
      StragglerPart part;
      std::vector<std::string> names;
      for (const auto& [group, n] : list) {
        part.count += n;
        part.total += total[{group, operation}];
        names.push_back(match.groups[group].name);
      }
      part.collective = list.size() == 1 ? collectiveGroupName(operation, match.groups[list.front().first], in.ranks.size())
                                         : fmt::format("{} in process groups {}", operation, present::listText(names));
      parts.push_back(std::move(part));
    }
    return parts;
  };
  s.arrived_last = tell(false);
  s.waited_through = tell(true);
  std::stable_sort(late.begin(), late.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  const JobChain& chain = *in.chain;
  const TimeNs shift = in.clock->shift_ns[who];
  for (std::size_t i = 0; i < late.size() && i < 10; ++i) {
    const std::size_t c = late[i].second;
    const ChainLink& link = chain.ranks[who].links[chain.members[c][*arrivals[c].memberOf(who)].second];
    const std::string name = collectiveGroupName(match.matched[c].operation, match.groups[match.matched[c].group],
                                                 in.ranks.size());
    s.evidence.push_back({{chain.anchorEnd(who, link) - shift, link.arrival_ns - shift},
                          fmt::format("{} #{}: rank {} late by {}", name, numberOf[c], s.rank,
                                      trace::formatDuration(late[i].first))});
  }
}

}  // namespace

Straggler describeStraggler(const StragglerInputs& in, std::size_t who) {
  const std::size_t n = in.ranks.size();
  Straggler s;
  s.index = who;
  s.rank = in.rank_numbers[who];
  s.delay_ns = in.lateness->ranks[who].cost_ns;
  s.late_steps = in.lateness->ranks[who].late_steps;
  s.step_count = in.steps->size();
  tellParts(in, who, s);

  const LateWindows windows = lateWindows(in, who);
  auto othersMedian = [&](auto value) {
    std::vector<TimeNs> values;
    for (std::size_t r = 0; r < n; ++r) {
      if (r != who) values.push_back(value(windows.totals[r]));
    }
    return trace::medianNs(std::move(values));
  };
  const auto perWindow = [&](TimeNs total) { return total / static_cast<TimeNs>(std::max<std::size_t>(windows.count, 1)); };
  TimeNs best = INT64_MIN;
  for (int i = 0; i < kActivityCount; ++i) {
    const auto a = static_cast<Activity>(i);
    if (a == Activity::BeforeWindow) continue;
    const TimeNs excess = windows.totals[who][a] - othersMedian([a](const ActivityTimes& t) { return t[a]; });
    if (excess > best) {
      best = excess;
      s.cause = a;
    }
  }
  s.cause_excess_ns = perWindow(std::max<TimeNs>(best, 0));
  // Nothing captured explains the lateness: it began before the trace did.
  if (2 * s.cause_excess_ns < perWindow(windows.cost_ns)) {
    s.cause = Activity::BeforeWindow;
    std::vector<TimeNs> others;
    TimeNs own = 0;
    for (std::size_t r = 0; r < n; ++r) {
      const TimeNs late = in.ranks[r]->extent.start + in.clock->shift_ns[r] - in.job_window.start;
      if (r == who) {
        own = late;
      } else {
        others.push_back(late);
      }
    }
    s.cause_excess_ns = std::max<TimeNs>(own - trace::medianNs(std::move(others)), 0);
  }
  if (s.cause == Activity::Host) {
    std::set<std::string> names;
    for (const auto& [name, t] : windows.totals[who].host_by_range) names.insert(name);
    TimeNs most = 0;
    for (const std::string& name : names) {
      const TimeNs excess = windows.totals[who].host_by_range.at(name) - othersMedian([&name](const ActivityTimes& t) {
                              auto it = t.host_by_range.find(name);
                              return it == t.host_by_range.end() ? TimeNs{0} : it->second;
                            });
      if (excess > most) {
        most = excess;
        s.host_range = name;
      }
    }
    s.host_range_excess_ns = perWindow(most);
  }
  return s;
}

}  // namespace feedscope::job
