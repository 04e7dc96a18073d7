// The job's waits on each rank's own clock (see job_view.h).
#include "view/job_view.h"

#include <algorithm>

#include "job/rank_activity.h"
#include "present/job_phrases.h"

namespace feedscope::view {

std::string stragglerMark(const job::Straggler& s) {
  std::string mark = "straggler";
  if (s.step_count > 0) {
    mark += ": late in " + std::to_string(s.late_steps) + " of " + std::to_string(s.step_count) + " steps";
  }
  return mark + (s.step_count > 0 ? ", " : ": ") +
         std::string(present::stragglerCauseLabel(job::activityKey(s.cause)));
}

JobView buildJobView(const std::vector<job::JobAnalysis>& jobs, std::size_t runCount) {
  JobView view;
  view.ranks.resize(runCount);
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    const job::JobAnalysis& a = jobs[j];
    view.headlines.push_back(a.headline);
    auto shiftOf = [&](std::size_t i) { return i < a.clock.shift_ns.size() ? a.clock.shift_ns[i] : TimeNs{0}; };
    for (std::size_t i = 0; i < a.ranks.size(); ++i) {
      const std::size_t run = a.ranks[i].run;
      if (run == job::kNoRun || run >= runCount) continue;
      RankLanes lanes;
      lanes.job = j;
      lanes.rank = a.ranks[i].rank;
      lanes.device = a.ranks[i].device;
      lanes.clock_shift_ns = shiftOf(i);
      if (a.straggler && a.straggler->index == i) lanes.straggler_mark = stragglerMark(*a.straggler);
      for (const auto& c : a.arrivals) {
        // Only the collective's own process group took part in it.
        const auto member = c.memberOf(i);
        if (!member || c.peer_wait_ns[*member] <= 0) continue;
        const std::size_t last = c.last_rank;
        if (last >= a.ranks.size() || last == i) continue;
        PeerWait w;
        // Aligned times back on each rank's own clock: the run's intervals are in it.
        w.start_ns = c.arrival_ns[*member] - lanes.clock_shift_ns;
        w.end_ns = w.start_ns + c.peer_wait_ns[*member];
        w.late_run = a.ranks[last].run;
        w.late_rank = a.ranks[last].rank;
        w.late_arrival_ns = c.last_arrival_ns - shiftOf(last);
        lanes.waits.push_back(w);
      }
      std::sort(lanes.waits.begin(), lanes.waits.end(),
                [](const PeerWait& x, const PeerWait& y) { return x.start_ns < y.start_ns; });
      view.ranks[run] = std::move(lanes);
    }
  }
  return view;
}

}  // namespace feedscope::view
