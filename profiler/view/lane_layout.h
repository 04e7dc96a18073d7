// Where each run header, lane and row of the timeline sits vertically, in content pixels (0 at the
// top of the first run header, before scrolling).
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "view/timeline_model.h"

namespace feedscope::view {

struct LayoutOptions {
  double run_header_px = 22;
  double row_px = 15;
  double starvation_px = 52;  // the lane that matters most is taller, with its legend of shades
  double lane_gap_px = 2;
  double run_gap_px = 8;
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
  bool collapsed = false;  // its rows share one strip
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
  std::vector<SlotPlacement> row_slots;
  double height = 0;

  // The placement of the lane under content y, if any.
  std::optional<std::size_t> laneAt(double y) const;
  // The placement of a model lane.
  const LanePlacement* placementOf(std::size_t lane) const;
};

// `collapsed[lane]` draws a lane's rows in one strip (missing entries: expanded).
LaneLayout layoutLanes(const TimelineModel& model, const std::vector<bool>& collapsed,
                       const LayoutOptions& options = {});

// The initial collapse state: every lane in one strip, so that runs fit side by side; a click on a
// lane's name spreads its rows out.
std::vector<bool> defaultCollapsed(const TimelineModel& model);

}  // namespace feedscope::view
