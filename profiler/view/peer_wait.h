// One wait of a rank for its peers at a collective, as the timeline's peer-wait lane holds it
// (docs/gui.md "Jobs"; built by view/job_view.h from the job analysis).
#pragma once

#include <cstddef>

#include "trace/types.h"

namespace feedscope::view {

struct PeerWait {
  trace::TimeNs start_ns = 0;  // the rank's arrival at the collective, on its own clock
  trace::TimeNs end_ns = 0;    // the last arrival (capped by its kernel), on its own clock
  std::size_t late_run = 0;    // the opened run of the rank that arrived last
  int late_rank = 0;
  trace::TimeNs late_arrival_ns = 0;  // that rank's arrival, on its own clock
};

}  // namespace feedscope::view
