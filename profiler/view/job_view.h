// What the timeline shows of a job (docs/gui.md "Jobs"): each rank's run on the job's aligned clock,
// and on each rank the part of every collective it spent waiting for the last rank to arrive, with
// who that was and where that rank arrived, so a click on a wait can jump there. Qt-free.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "job/job_analysis.h"
#include "trace/types.h"
#include "view/peer_wait.h"

namespace feedscope::view {

using trace::TimeNs;

struct RankLanes {
  std::size_t job = 0;           // index into the jobs given
  int rank = 0;
  std::int32_t device = -1;      // the rank's GPU (the one its collectives ran on)
  TimeNs clock_shift_ns = 0;     // added to the run's times to put it on the job's clock
  // The job's straggler: its run header and ranks-table row are marked with this ("straggler: late in
  // 6 of 6 steps, data loading"); empty for the other ranks.
  std::string straggler_mark;
  std::vector<PeerWait> waits;   // in time order
};

struct JobView {
  // Per opened run: its place in a job, or nullopt for a run of its own.
  std::vector<std::optional<RankLanes>> ranks;
  // Per job: its straggler sentence (JobAnalysis::headline).
  std::vector<std::string> headlines;
  bool empty() const { return headlines.empty(); }
};

// The mark of a job's straggler: "straggler: late in 6 of 6 steps, data loading".
std::string stragglerMark(const job::Straggler& straggler);

// The view of `jobs` among `runCount` opened runs (JobAnalysis ranks' `run` index into them).
JobView buildJobView(const std::vector<job::JobAnalysis>& jobs, std::size_t runCount);

}  // namespace feedscope::view
