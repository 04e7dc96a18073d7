// Vertical layout of the timeline.
#include "view/lane_layout.h"

#include <algorithm>

namespace feedscope::view {

LaneLayout layoutLanes(const TimelineModel& model, const std::vector<bool>& collapsed,
                       const LayoutOptions& options) {
  LaneLayout layout;
  double y = 0;
  for (std::size_t r = 0; r < model.runs().size(); ++r) {
    if (r > 0) y += options.run_gap_px;
    layout.runs.push_back({r, y, options.run_header_px});
    y += options.run_header_px;
    const RunLanes& run = model.runs()[r];
    for (std::size_t l = run.first_lane; l < run.first_lane + run.lane_count; ++l) {
      const Lane& lane = model.lanes()[l];
      LanePlacement lp;
      lp.lane = l;
      lp.y = y;
      lp.first_slot = layout.row_slots.size();
      if (lane.stacked) {
        lp.height = options.starvation_px;
        for (std::size_t row = 0; row < lane.rows.size(); ++row)
          layout.row_slots.push_back({l, row, y, lp.height});
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
    }
  }
  layout.height = y;
  return layout;
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

std::vector<bool> defaultCollapsed(const TimelineModel& model) {
  std::vector<bool> out(model.lanes().size(), false);
  for (std::size_t l = 0; l < out.size(); ++l)
    out[l] = model.lanes()[l].rows.size() > 1 && !model.lanes()[l].stacked;
  return out;
}

}  // namespace feedscope::view
