// Where each run header, lane and row of the timeline sits vertically, in content pixels (0 at the
// top of the first run header, before scrolling).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "view/timeline_model.h"

namespace feedscope::view {

struct LayoutOptions {
  double run_header_px = 22;
  double row_px = 15;
  double starvation_px = 52;  // the lane that matters most is taller, with its legend of shades
  double ab_px = 36;          // an A/B lane: bars up and down from its middle, a label beside each
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
  bool pinned = false;     // in the band above every run
  std::size_t first_slot = 0;
  std::size_t slot_count = 0;
};

// A folded host process: one band in place of its lanes (docs/gui.md convention 4: groups collapse).
struct ProcessPlacement {
  std::size_t run = 0;
  std::int64_t pid = -1;
  double y = 0;
  double height = 0;
  std::size_t lane_count = 0;  // lanes folded into it
};

struct RunPlacement {
  std::size_t run = 0;
  double y = 0;  // the header's top; the run's lanes follow it
  double height = 0;
  bool collapsed = false;  // only the header shows
};

// How the user arranged the lanes (docs/gui.md convention 4): lanes hidden, pinned to a band at the top,
// moved up or down inside their run, and runs collapsed to their header. Indices are model lanes and
// runs; a default arrangement is the model's order with everything shown.
struct LaneArrangement {
  std::vector<std::size_t> order;   // model lanes in display order; empty: the model's order
  std::vector<bool> hidden;         // by lane
  std::vector<bool> pinned;         // by lane
  std::vector<bool> run_collapsed;  // by run
  std::vector<std::pair<std::size_t, std::int64_t>> collapsed_processes;  // (run, pid) shown as one band

  bool isHidden(std::size_t lane) const { return lane < hidden.size() && hidden[lane]; }
  bool isPinned(std::size_t lane) const { return lane < pinned.size() && pinned[lane]; }
  bool isRunCollapsed(std::size_t run) const { return run < run_collapsed.size() && run_collapsed[run]; }
  bool isProcessCollapsed(std::size_t run, std::int64_t pid) const;
  void setProcessCollapsed(std::size_t run, std::int64_t pid, bool value);
  void setHidden(std::size_t lane, bool value);
  void setPinned(std::size_t lane, bool value);
  void setRunCollapsed(std::size_t run, bool value);
  // Moves a lane one place up (delta < 0) or down among the shown lanes of its run (or of the pinned
  // band); false when it is already at that end.
  bool move(const TimelineModel& model, std::size_t lane, int delta);
  // A lane's name dragged onto another's: `lane` goes just above `target`, or just below it with
  // `below`. Only inside one group (the same run, or the pinned band); false otherwise or when the
  // order stays as it was.
  bool moveNextTo(const TimelineModel& model, std::size_t lane, std::size_t target, bool below);
  // Hides every lane of host process `pid` in `run` (its threads' API calls, ranges, operators);
  // returns how many were hidden.
  std::size_t hideProcess(const TimelineModel& model, std::size_t run, std::int64_t pid);
  std::size_t hiddenCount() const;
  void showAll() { hidden.clear(); }
  // Display order of the model's lanes.
  std::vector<std::size_t> displayOrder(const TimelineModel& model) const;
};

struct LaneLayout {
  std::vector<RunPlacement> runs;
  std::vector<ProcessPlacement> processes;  // folded processes' bands
  std::vector<LanePlacement> lanes;  // in display order; lanes[k].lane indexes TimelineModel::lanes()
  std::vector<SlotPlacement> row_slots;
  double height = 0;
  // Where the pinned lanes end (with the gap below them); 0 without any. The widget keeps content
  // above it at the top while the rest scrolls under it (docs/gui.md convention 4, as in Perfetto).
  double pinned_height = 0;

  // The placement of the lane under content y, if any.
  std::optional<std::size_t> laneAt(double y) const;
  // The placement of a model lane; null when it is hidden or its run collapsed.
  const LanePlacement* placementOf(std::size_t lane) const;
  // The run whose header is under content y, if any.
  std::optional<std::size_t> runHeaderAt(double y) const;
  // The folded process band under content y, if any (an index into processes).
  std::optional<std::size_t> processBandAt(double y) const;
};

// `collapsed[lane]` draws a lane's rows in one strip (missing entries: expanded).
LaneLayout layoutLanes(const TimelineModel& model, const std::vector<bool>& collapsed,
                       const LayoutOptions& options = {}, const LaneArrangement& arrangement = {});

// The initial collapse state: every lane in one strip, so that runs fit side by side; a click on a
// lane's name spreads its rows out.
std::vector<bool> defaultCollapsed(const TimelineModel& model);

}  // namespace feedscope::view
