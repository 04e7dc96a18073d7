// Where each run header, lane and row of the timeline sits vertically, in content pixels (0 at the
// top of the first run header, before scrolling).
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "view/timeline_model.h"

namespace feedscope::view {

struct LayoutOptions {
  double run_header_px = 24;
  double row_px = 16;
  double starvation_px = 30;  // the lane that matters most is taller
  double lane_gap_px = 3;
  double run_gap_px = 10;
};

// A strip where one row is drawn. The rows of a stacked lane share one strip.
struct SlotPlacement {
  std::size_t lane = 0;
  std::size_t row = 0;
  double y = 0;
  double height = 0;
};

struct LanePlacement {
  std::size_t lane = 0;
  double y = 0;
  double height = 0;
  bool collapsed = false;  // only its first row is shown
  std::size_t first_slot = 0;
  std::size_t slot_count = 0;
};

struct RunPlacement {
  std::size_t run = 0;
  double y = 0;  // the header's top; the run's lanes follow it
  double height = 0;
};

struct LaneLayout {
  std::vector<RunPlacement> runs;
  std::vector<LanePlacement> lanes;  // in display order; lanes[k].lane indexes TimelineModel::lanes()
  std::vector<SlotPlacement> slots;
  double height = 0;

  // The placement of the lane under content y, if any.
  std::optional<std::size_t> laneAt(double y) const;
  // The placement of a model lane.
  const LanePlacement* placementOf(std::size_t lane) const;
};

// `collapsed[lane]` hides all but the first row of a lane (missing entries: expanded).
LaneLayout layoutLanes(const TimelineModel& model, const std::vector<bool>& collapsed, const LayoutOptions& options = {});

// The initial collapse state: operator lanes (deep and noisy) start collapsed.
std::vector<bool> defaultCollapsed(const TimelineModel& model);

}  // namespace feedscope::view
