// Vertical layout: run headers, lanes, collapsed lanes sharing one strip, the stacked starvation lane.
#include "view/lane_layout.h"

#include <gtest/gtest.h>

#include "view/model_fixture.h"

namespace feedscope::view {
namespace {

using testing::AnalysedModel;
using testing::RunFixture;

trace::Session nested() {
  RunFixture f;
  f.kernel(0, 100);
  f.host(trace::IntervalKind::HostOp, "outer", 0, 1000);
  f.host(trace::IntervalKind::HostOp, "inner", 100, 200);
  f.host(trace::IntervalKind::HostOp, "innermost", 120, 150);
  return f.finish();
}

TEST(LaneLayout, LanesFollowTheirRunHeader) {
  AnalysedModel m(nested());
  LayoutOptions o;
  LaneLayout layout = layoutLanes(*m.model, {}, o);
  ASSERT_EQ(layout.runs.size(), 1u);
  ASSERT_EQ(layout.lanes.size(), 3u);  // starvation, kernels, operators
  EXPECT_DOUBLE_EQ(layout.lanes[0].y, o.run_header_px);
  EXPECT_DOUBLE_EQ(layout.lanes[0].height, o.starvation_px);
  EXPECT_DOUBLE_EQ(layout.lanes[1].y, o.run_header_px + o.starvation_px + o.lane_gap_px);
  // Operators expanded: three rows, one above the other.
  const LanePlacement& ops = layout.lanes[2];
  EXPECT_FALSE(ops.collapsed);
  EXPECT_EQ(ops.slot_count, 3u);
  EXPECT_DOUBLE_EQ(ops.height, 3 * o.row_px);
  EXPECT_DOUBLE_EQ(layout.row_slots[ops.first_slot + 2].y, ops.y + 2 * o.row_px);
  EXPECT_DOUBLE_EQ(layout.height, ops.y + ops.height + o.lane_gap_px);
  // The starvation lane's four cause rows share its strip.
  for (std::size_t k = 0; k < kCauseGroupCount; ++k)
    EXPECT_DOUBLE_EQ(layout.row_slots[k].y, layout.lanes[0].y);
  EXPECT_EQ(layout.laneAt(ops.y + 1), std::optional<std::size_t>(2));
  EXPECT_EQ(layout.laneAt(1), std::nullopt);  // the run header
}

TEST(LaneLayout, ACollapsedLaneDrawsAllItsRowsInOneStrip) {
  AnalysedModel m(nested());
  std::vector<bool> collapsed = defaultCollapsed(*m.model);
  EXPECT_EQ(collapsed, (std::vector<bool>{false, false, true}));  // only the deep lane starts collapsed
  LayoutOptions o;
  LaneLayout layout = layoutLanes(*m.model, collapsed, o);
  const LanePlacement& ops = layout.lanes[2];
  EXPECT_TRUE(ops.collapsed);
  EXPECT_EQ(ops.slot_count, 3u);  // nothing hidden
  EXPECT_DOUBLE_EQ(ops.height, o.row_px);
  for (std::size_t k = 0; k < 3; ++k) EXPECT_DOUBLE_EQ(layout.row_slots[ops.first_slot + k].y, ops.y);
}

}  // namespace
}  // namespace feedscope::view
