#include "job/replay.h"

#include <algorithm>

#include "trace/statistics.h"

namespace feedscope::job {

namespace {

constexpr TimeNs kUnknown = Collective::kUnknownNs;

// A rank's own timeline in the replay: how much sooner its work comes from each of its events on.
// Resumptions: after waiting for collectives, the rank resumes at the latest of their replayed ends
// (each plus the latency it resumed with) and what its own work let it (max-plus: W' = max(end −
// shift + latency, E − the timeline at E)). Removals: at a link's readiness, the rank's own lateness
// removed there, carried by all it did after. An event counts once its collective is replayed; one
// that becomes known re-evaluates the timeline from there.
class Timeline {
 public:
  struct Event {
    TimeNs at = 0;
    bool resumption = false;
    std::size_t collective = 0;
    TimeNs free = kUnknown;  // a resumption: when the rank's own work let it resume
    TimeNs end = 0;          // a resumption: when the collective it waited for ended
    TimeNs removed = 0;      // a removal: the own lateness removed there
    bool known = false;
  };

  void add(Event e) { events_.push_back(e); }
  // Sorts the events (resumptions first at one time); returns each added event's index, in the order added.
  std::vector<std::size_t> seal() {
    std::vector<std::size_t> order(events_.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      if (events_[a].at != events_[b].at) return events_[a].at < events_[b].at;
      return events_[a].resumption && !events_[b].resumption;
    });
    std::vector<Event> sorted;
    std::vector<std::size_t> place(order.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
      place[order[k]] = k;
      sorted.push_back(events_[order[k]]);
    }
    events_ = std::move(sorted);
    // Resumptions at one moment are one: the rank resumed after all of them.
    group_.assign(events_.size(), 0);
    for (std::size_t i = 0; i < events_.size(); ++i) {
      const bool joins = i > 0 && events_[i].resumption && events_[i - 1].resumption && events_[i - 1].at == events_[i].at;
      group_[i] = joins ? group_[i - 1] : i;
    }
    after_.assign(events_.size(), 0);
    valid_ = 0;
    return place;
  }
  void resolveResumption(std::size_t i) {
    events_[i].known = true;
    valid_ = std::min(valid_, group_[i]);
  }
  void resolveRemoval(std::size_t i, TimeNs removed) {
    events_[i].known = true;
    events_[i].removed = removed;
    valid_ = std::min(valid_, i);
  }
  // How much sooner the rank's work at `t` comes.
  TimeNs at(TimeNs t, const std::vector<TimeNs>& shift) {
    const std::size_t n = upTo(t);
    evaluate(n, shift);
    return n == 0 ? 0 : after_[n - 1];
  }
  std::vector<std::pair<TimeNs, TimeNs>> all(const std::vector<TimeNs>& shift) {
    evaluate(events_.size(), shift);
    std::vector<std::pair<TimeNs, TimeNs>> out;
    for (std::size_t i = 0; i < events_.size(); ++i) out.emplace_back(events_[i].at, after_[i]);
    return out;
  }

 private:
  // The number of events at or before `t` among the first `limit`.
  std::size_t upTo(TimeNs t, std::size_t limit = SIZE_MAX) const {
    const auto end = events_.begin() + static_cast<std::ptrdiff_t>(std::min(limit, events_.size()));
    return static_cast<std::size_t>(
        std::upper_bound(events_.begin(), end, t, [](TimeNs x, const Event& e) { return x < e.at; }) - events_.begin());
  }
  // The timeline after the resumptions at one moment, those from `first` on: the rank resumes at the
  // latest of each collective's replayed end plus the latency it resumed with, and its own work's.
  TimeNs resumed(std::size_t first, TimeNs previous, const std::vector<TimeNs>& shift) const {
    const TimeNs at = events_[first].at;
    TimeNs latest = INT64_MIN;
    for (std::size_t k = first; k < events_.size() && group_[k] == first; ++k) latest = std::max(latest, events_[k].end);
    const TimeNs latency = at - latest;
    TimeNs replayed = INT64_MIN;
    bool known = false;
    for (std::size_t k = first; k < events_.size() && group_[k] == first; ++k) {
      const Event& e = events_[k];
      if (!e.known) continue;
      known = true;
      replayed = std::max(replayed, e.end + latency - shift[e.collective]);
      if (e.free != kUnknown) {
        const std::size_t j = upTo(e.free, first);
        replayed = std::max(replayed, e.free - (j == 0 ? 0 : after_[j - 1]));
      }
    }
    return known ? at - replayed : previous;
  }
  void evaluate(std::size_t n, const std::vector<TimeNs>& shift) {
    for (; valid_ < n; ++valid_) {
      const std::size_t i = valid_;
      const Event& e = events_[i];
      if (e.resumption && group_[i] != i) {
        after_[i] = after_[i - 1];  // the group's value, computed at its first event
        continue;
      }
      const TimeNs previous = i == 0 ? 0 : after_[i - 1];
      if (e.resumption) {
        after_[i] = resumed(i, previous, shift);
      } else {
        after_[i] = e.known ? previous + e.removed : previous;
      }
    }
  }

  std::vector<Event> events_;       // by time
  std::vector<std::size_t> group_;  // per event: the first resumption at its moment (itself otherwise)
  std::vector<TimeNs> after_;       // the timeline after each event, valid for the first valid_
  std::size_t valid_ = 0;
};

}  // namespace

std::vector<std::vector<TimeNs>> onTimeExcess(const JobChain& chain, const std::vector<bool>& onTime) {
  std::vector<std::vector<TimeNs>> removed(chain.ranks.size());
  for (std::size_t r = 0; r < chain.ranks.size(); ++r) {
    removed[r].assign(chain.ranks[r].links.size(), 0);
    if (!onTime[r]) continue;
    for (std::size_t l = 0; l < chain.ranks[r].links.size(); ++l) {
      const ChainLink& link = chain.ranks[r].links[l];
      std::vector<TimeNs> others;
      for (const auto& [rank, other] : chain.members[link.collective]) {
        if (rank != r) others.push_back(chain.ranks[rank].links[other].own_ns);
      }
      removed[r][l] = std::max<TimeNs>(link.own_ns - trace::medianNs(std::move(others)), 0);
    }
  }
  return removed;
}

Replay replay(const JobChain& chain, const std::vector<std::vector<TimeNs>>& removed) {
  Replay out;
  const std::size_t n = chain.members.size();
  out.shift_ns.assign(n, 0);
  out.arrival_ns.resize(n);
  // Each rank's timeline: its resumptions, and its removals where it is made on time.
  std::vector<Timeline> timelines(chain.ranks.size());
  std::vector<std::vector<std::pair<std::size_t, std::size_t>>> resumedAfter(n);  // per collective: (rank, event)
  std::vector<std::vector<std::size_t>> removalAt(chain.ranks.size());            // per rank, per link: event
  for (std::size_t r = 0; r < chain.ranks.size(); ++r) {
    const RankChain& rc = chain.ranks[r];
    std::vector<std::pair<std::size_t, std::size_t>> added;  // (collective or link, kind: 0 resumption, 1 removal)
    for (const Resumption& x : rc.resumptions) {
      timelines[r].add({x.at_ns, true, rc.links[x.link].collective, x.free_ns, x.end_ns, 0, false});
      added.emplace_back(rc.links[x.link].collective, 0);
    }
    for (std::size_t l = 0; l < rc.links.size(); ++l) {
      if (removed[r][l] <= 0 || rc.links[l].from_input) continue;
      timelines[r].add({rc.links[l].ready_ns, false, rc.links[l].collective, kUnknown, 0, 0, false});
      added.emplace_back(l, 1);
    }
    const std::vector<std::size_t> place = timelines[r].seal();
    removalAt[r].assign(rc.links.size(), SIZE_MAX);
    for (std::size_t k = 0; k < added.size(); ++k) {
      if (added[k].second == 0) {
        resumedAfter[added[k].first].emplace_back(r, place[k]);
      } else {
        removalAt[r][added[k].first] = place[k];
      }
    }
  }
  // Collectives in time order: every link's anchor and stream predecessor ended before it began.
  for (std::size_t c = 0; c < n; ++c) {
    const auto& members = chain.members[c];
    std::vector<TimeNs> carried, free;
    for (const auto& [rank, l] : members) {
      const RankChain& rc = chain.ranks[rank];
      const ChainLink& link = rc.links[l];
      carried.push_back(link.from_input ? link.ready_ns - out.shift_ns[rc.links[*link.anchor].collective]
                                        : link.ready_ns - timelines[rank].at(link.ready_ns, out.shift_ns));
      free.push_back(link.queue_end_ns - (link.queue ? out.shift_ns[rc.links[*link.queue].collective] : 0));
    }
    TimeNs last = INT64_MIN, lastReplayed = INT64_MIN;
    for (std::size_t i = 0; i < members.size(); ++i) {
      const auto [rank, l] = members[i];
      const ChainLink& link = chain.ranks[rank].links[l];
      TimeNs ready = carried[i];
      if (removed[rank][l] > 0) {
        // On time: its own work no longer than the others' median, ready no sooner than they are.
        std::vector<TimeNs> others;
        for (std::size_t k = 0; k < members.size(); ++k) {
          if (k != i) others.push_back(carried[k]);
        }
        ready = std::min(ready, std::max(ready - removed[rank][l], trace::medianNs(std::move(others))));
        if (removalAt[rank][l] != SIZE_MAX) timelines[rank].resolveRemoval(removalAt[rank][l], carried[i] - ready);
      }
      const TimeNs arrival = std::max(ready, free[i]) + link.latency_ns;
      out.arrival_ns[c].push_back(arrival);
      last = std::max(last, link.arrival_ns);
      lastReplayed = std::max(lastReplayed, arrival);
    }
    out.shift_ns[c] = std::max<TimeNs>(last - lastReplayed, 0);
    for (const auto& [rank, event] : resumedAfter[c]) timelines[rank].resolveResumption(event);
  }
  for (auto& t : timelines) out.timeline.push_back(t.all(out.shift_ns));
  for (const auto& r : removed) out.on_time.push_back(std::any_of(r.begin(), r.end(), [](TimeNs x) { return x > 0; }));
  return out;
}

namespace {

TimeNs timelineAt(const std::vector<std::pair<TimeNs, TimeNs>>& timeline, TimeNs t) {
  auto after = std::upper_bound(timeline.begin(), timeline.end(), t,
                                [](TimeNs x, const std::pair<TimeNs, TimeNs>& e) { return x < e.first; });
  return after == timeline.begin() ? 0 : std::prev(after)->second;
}

}  // namespace

TimeNs shiftAt(const Replay& replayed, std::size_t rank, TimeNs t) {
  const TimeNs own = timelineAt(replayed.timeline[rank], t);
  if (!replayed.on_time[rank] || replayed.timeline.size() < 2) return own;
  std::vector<TimeNs> others;
  for (std::size_t r = 0; r < replayed.timeline.size(); ++r) {
    if (r != rank) others.push_back(timelineAt(replayed.timeline[r], t));
  }
  return std::min(own, trace::medianNs(std::move(others)));
}

TimeNs endSaving(const JobChain& chain, const Replay& replayed) {
  TimeNs end = INT64_MIN, replayedEnd = INT64_MIN;
  for (std::size_t c = 0; c < chain.members.size(); ++c) {
    for (const auto& [rank, l] : chain.members[c]) {
      const TimeNs e = chain.ranks[rank].links[l].end_ns;
      end = std::max(end, e);
      replayedEnd = std::max(replayedEnd, e - replayed.shift_ns[c]);
    }
  }
  return end == INT64_MIN ? 0 : end - replayedEnd;
}

}  // namespace feedscope::job
