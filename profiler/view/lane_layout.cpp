// Vertical layout of the timeline.
#include "view/lane_layout.h"

#include <algorithm>

namespace feedscope::view {
namespace {

// The baseline run's A/B lane has nothing to compare (timeline_model.h), a rank that never waited
// has no peer-wait lane to show: they take no room.
bool emptyAbLane(const Lane& lane) {
  return (lane.kind == LaneKind::IdleDifference || lane.kind == LaneKind::PeerWait) && lane.interval_count == 0;
}

}  // namespace

LaneLayout layoutLanes(const TimelineModel& model, const std::vector<bool>& collapsed,
                       const LayoutOptions& options, const LaneArrangement& arrangement) {
  LaneLayout layout;
  double y = 0;
  auto place = [&](std::size_t l, bool pinned) {
    const Lane& lane = model.lanes()[l];
    LanePlacement lp;
    lp.lane = l;
    lp.y = y;
    lp.pinned = pinned;
    lp.first_slot = layout.row_slots.size();
    if (lane.kind == LaneKind::IdleDifference) {
      lp.height = options.ab_px;
      for (std::size_t row = 0; row < lane.rows.size(); ++row) layout.row_slots.push_back({l, row, y, lp.height});
    } else if (lane.stacked) {
      lp.height = options.starvation_px;
      for (std::size_t row = 0; row < lane.rows.size(); ++row) layout.row_slots.push_back({l, row, y, lp.height});
    } else {
      lp.collapsed = l < collapsed.size() && collapsed[l] && lane.rows.size() > 1;
      // A collapsed lane draws all its rows over each other in one strip: nothing is hidden, deeper
      // rows (nested ranges, the odd overlapping kernel) just lie on top.
      for (std::size_t row = 0; row < lane.rows.size(); ++row) {
        double rowY = lp.collapsed ? y : y + static_cast<double>(row) * options.row_px;
        layout.row_slots.push_back({l, row, rowY, options.row_px});
      }
      lp.height = lp.collapsed ? options.row_px : static_cast<double>(lane.rows.size()) * options.row_px;
    }
    lp.slot_count = layout.row_slots.size() - lp.first_slot;
    layout.lanes.push_back(lp);
    y += lp.height + options.lane_gap_px;
  };
  const std::vector<std::size_t> order = arrangement.displayOrder(model);
  // Pinned lanes first, above every run, whichever run they belong to.
  bool anyPinned = false;
  for (std::size_t l : order) {
    if (!arrangement.isPinned(l) || arrangement.isHidden(l) || emptyAbLane(model.lanes()[l])) continue;
    place(l, true);
    anyPinned = true;
  }
  if (anyPinned) {
    y += options.run_gap_px;
    layout.pinned_height = y;
  }
  for (std::size_t r = 0; r < model.runs().size(); ++r) {
    if (r > 0) y += options.run_gap_px;
    layout.runs.push_back({r, y, options.run_header_px, arrangement.isRunCollapsed(r)});
    y += options.run_header_px;
    if (arrangement.isRunCollapsed(r)) continue;
    for (std::size_t l : order) {
      const Lane& lane = model.lanes()[l];
      if (lane.run != r || arrangement.isHidden(l) || arrangement.isPinned(l) || emptyAbLane(lane)) continue;
      const bool hostLane = lane.track != nullptr && !lane.track->isGpu();
      if (hostLane && arrangement.isProcessCollapsed(r, lane.track->pid)) {
        // The process's first lane becomes its band; the others join it.
        auto band = std::find_if(layout.processes.begin(), layout.processes.end(), [&](const ProcessPlacement& p) {
          return p.run == r && p.pid == lane.track->pid;
        });
        if (band == layout.processes.end()) {
          layout.processes.push_back({r, lane.track->pid, y, options.row_px, 0});
          band = layout.processes.end() - 1;
          y += options.row_px + options.lane_gap_px;
        }
        ++band->lane_count;
        continue;
      }
      place(l, false);
    }
  }
  layout.height = y;
  return layout;
}

namespace {

void setFlag(std::vector<bool>& flags, std::size_t index, bool value) {
  if (index >= flags.size()) flags.resize(index + 1, false);
  flags[index] = value;
}

}  // namespace

void LaneArrangement::setHidden(std::size_t lane, bool value) {
  setFlag(hidden, lane, value);
}

void LaneArrangement::setPinned(std::size_t lane, bool value) {
  setFlag(pinned, lane, value);
}

void LaneArrangement::setRunCollapsed(std::size_t run, bool value) {
  setFlag(run_collapsed, run, value);
}

std::vector<std::size_t> LaneArrangement::displayOrder(const TimelineModel& model) const {
  if (order.size() == model.lanes().size()) return order;
  std::vector<std::size_t> identity(model.lanes().size());
  for (std::size_t l = 0; l < identity.size(); ++l) identity[l] = l;
  return identity;
}

bool LaneArrangement::move(const TimelineModel& model, std::size_t lane, int delta) {
  if (lane >= model.lanes().size() || delta == 0) return false;
  order = displayOrder(model);
  auto at = std::find(order.begin(), order.end(), lane);
  // The neighbour it swaps with: the next shown lane of the same group (its run, or the pinned band).
  auto sameGroup = [&](std::size_t other) {
    if (isHidden(other) || emptyAbLane(model.lanes()[other]) || isPinned(other) != isPinned(lane)) return false;
    return isPinned(lane) || model.lanes()[other].run == model.lanes()[lane].run;
  };
  if (delta < 0) {
    for (auto it = at; it != order.begin();) {
      --it;
      if (sameGroup(*it)) {
        std::iter_swap(it, at);
        return true;
      }
    }
  } else {
    for (auto it = at + 1; it != order.end(); ++it) {
      if (sameGroup(*it)) {
        std::iter_swap(it, at);
        return true;
      }
    }
  }
  return false;
}

bool LaneArrangement::moveNextTo(const TimelineModel& model, std::size_t lane, std::size_t target, bool below) {
  const auto& lanes = model.lanes();
  if (lane >= lanes.size() || target >= lanes.size() || lane == target) return false;
  if (isPinned(lane) != isPinned(target)) return false;
  if (!isPinned(lane) && lanes[lane].run != lanes[target].run) return false;
  const std::vector<std::size_t> before = displayOrder(model);
  std::vector<std::size_t> after = before;
  after.erase(std::find(after.begin(), after.end(), lane));
  auto at = std::find(after.begin(), after.end(), target);
  after.insert(below ? at + 1 : at, lane);
  if (after == before) return false;
  order = std::move(after);
  return true;
}

std::size_t LaneArrangement::hideProcess(const TimelineModel& model, std::size_t run, std::int64_t pid) {
  std::size_t n = 0;
  for (std::size_t l = 0; l < model.lanes().size(); ++l) {
    const Lane& lane = model.lanes()[l];
    if (lane.run != run || lane.track == nullptr || lane.track->isGpu() || lane.track->pid != pid || isHidden(l))
      continue;
    setHidden(l, true);
    ++n;
  }
  return n;
}

std::size_t LaneArrangement::hiddenCount() const {
  return static_cast<std::size_t>(std::count(hidden.begin(), hidden.end(), true));
}

std::optional<std::size_t> LaneLayout::laneAt(double y) const {
  auto it = std::upper_bound(lanes.begin(), lanes.end(), y,
                             [](double v, const LanePlacement& p) { return v < p.y; });
  if (it == lanes.begin()) return std::nullopt;
  --it;
  if (y >= it->y + it->height) return std::nullopt;
  return static_cast<std::size_t>(it - lanes.begin());
}

const LanePlacement* LaneLayout::placementOf(std::size_t lane) const {
  for (const auto& p : lanes) {
    if (p.lane == lane) return &p;
  }
  return nullptr;
}

std::optional<std::size_t> LaneLayout::processBandAt(double y) const {
  for (std::size_t k = 0; k < processes.size(); ++k) {
    if (y >= processes[k].y && y < processes[k].y + processes[k].height) return k;
  }
  return std::nullopt;
}

bool LaneArrangement::isProcessCollapsed(std::size_t run, std::int64_t pid) const {
  return std::find(collapsed_processes.begin(), collapsed_processes.end(), std::pair{run, pid}) !=
         collapsed_processes.end();
}

void LaneArrangement::setProcessCollapsed(std::size_t run, std::int64_t pid, bool value) {
  auto it = std::find(collapsed_processes.begin(), collapsed_processes.end(), std::pair{run, pid});
  if (value && it == collapsed_processes.end()) collapsed_processes.emplace_back(run, pid);
  if (!value && it != collapsed_processes.end()) collapsed_processes.erase(it);
}

std::optional<std::size_t> LaneLayout::runHeaderAt(double y) const {
  for (const auto& r : runs) {
    if (y >= r.y && y < r.y + r.height) return r.run;
  }
  return std::nullopt;
}

std::vector<bool> defaultCollapsed(const TimelineModel& model) {
  std::vector<bool> out(model.lanes().size(), false);
  for (std::size_t l = 0; l < out.size(); ++l)
    out[l] = model.lanes()[l].rows.size() > 1 && !model.lanes()[l].stacked;
  return out;
}

}  // namespace feedscope::view
