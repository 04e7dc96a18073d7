// Vertical layout: run headers, lanes, collapsed lanes sharing one strip, the stacked starvation lane.
#include "present/causes.h"
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
  for (std::size_t k = 0; k < present::kCauseGroupCount; ++k)
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

namespace feedscope::view {
namespace {

// Two runs, each with starvation, kernels and one host thread's API calls (pid 100).
trace::Session twoRuns() {
  trace::Session both;
  for (const char* name : {"a", "b"}) {
    testing::RunFixture f(name);
    f.kernel(0, 100);
    f.api("cudaLaunchKernel", 0, 10, 1);
    trace::Session s = f.finish();
    for (auto& run : s.runs) {
      for (auto& t : run.tracks) {
        for (auto& n : t.intervals.name) n = both.strings.intern(s.strings.get(n));
      }
      both.runs.push_back(std::move(run));
    }
  }
  return both;
}

std::vector<std::size_t> shownLanes(const LaneLayout& layout) {
  std::vector<std::size_t> out;
  for (const auto& lp : layout.lanes) out.push_back(lp.lane);
  return out;
}

TEST(LaneArrangement, HiddenLanesAndCollapsedRunsAreLeftOut) {
  testing::AnalysedModel m(twoRuns());
  ASSERT_EQ(m.model->lanes().size(), 6u);  // per run: starvation, kernels, CUDA API
  LaneArrangement a;
  a.setHidden(1, true);
  LaneLayout layout = layoutLanes(*m.model, {}, {}, a);
  EXPECT_EQ(shownLanes(layout), (std::vector<std::size_t>{0, 2, 3, 4, 5}));
  EXPECT_EQ(layout.placementOf(1), nullptr);
  a.setRunCollapsed(1, true);
  layout = layoutLanes(*m.model, {}, {}, a);
  EXPECT_EQ(shownLanes(layout), (std::vector<std::size_t>{0, 2}));
  ASSERT_EQ(layout.runs.size(), 2u);
  EXPECT_TRUE(layout.runs[1].collapsed);
  EXPECT_DOUBLE_EQ(layout.height, layout.runs[1].y + layout.runs[1].height);  // only its header
  EXPECT_EQ(layout.runHeaderAt(layout.runs[1].y + 1), std::optional<std::size_t>(1));
  EXPECT_EQ(a.hiddenCount(), 1u);
  a.showAll();
  EXPECT_EQ(a.hiddenCount(), 0u);
}

TEST(LaneArrangement, PinnedLanesGoAboveEveryRun) {
  testing::AnalysedModel m(twoRuns());
  LaneArrangement a;
  a.setPinned(4, true);  // run b's kernels
  LaneLayout layout = layoutLanes(*m.model, {}, {}, a);
  EXPECT_EQ(shownLanes(layout), (std::vector<std::size_t>{4, 0, 1, 2, 3, 5}));
  EXPECT_TRUE(layout.lanes[0].pinned);
  EXPECT_DOUBLE_EQ(layout.lanes[0].y, 0);
  EXPECT_GT(layout.runs[0].y, layout.lanes[0].y + layout.lanes[0].height);
}

TEST(LaneArrangement, LanesMoveInsideTheirRunOnly) {
  testing::AnalysedModel m(twoRuns());
  LaneArrangement a;
  EXPECT_TRUE(a.move(*m.model, 2, -1));  // run a's API calls above its kernels
  EXPECT_EQ(shownLanes(layoutLanes(*m.model, {}, {}, a)), (std::vector<std::size_t>{0, 2, 1, 3, 4, 5}));
  EXPECT_TRUE(a.move(*m.model, 2, -1));
  EXPECT_FALSE(a.move(*m.model, 2, -1));  // first of its run: it does not cross into another
  EXPECT_FALSE(a.move(*m.model, 5, 1));   // last lane of all
  EXPECT_FALSE(a.move(*m.model, 1, 1));  // run a's last lane stays in run a
  EXPECT_EQ(shownLanes(layoutLanes(*m.model, {}, {}, a)), (std::vector<std::size_t>{2, 0, 1, 3, 4, 5}));
}

// docs/gui.md convention 4: a lane's name dragged onto another lands above or below it, in its run.
TEST(LaneArrangement, ADraggedLaneLandsNextToItsTargetInsideItsRun) {
  testing::AnalysedModel m(twoRuns());
  LaneArrangement a;
  EXPECT_TRUE(a.moveNextTo(*m.model, 2, 0, /*below=*/false));  // API calls above the starvation lane
  EXPECT_EQ(shownLanes(layoutLanes(*m.model, {}, {}, a)), (std::vector<std::size_t>{2, 0, 1, 3, 4, 5}));
  EXPECT_TRUE(a.moveNextTo(*m.model, 2, 1, /*below=*/true));  // and back to the bottom of run a
  EXPECT_EQ(shownLanes(layoutLanes(*m.model, {}, {}, a)), (std::vector<std::size_t>{0, 1, 2, 3, 4, 5}));
  EXPECT_FALSE(a.moveNextTo(*m.model, 2, 1, /*below=*/true));   // already there
  EXPECT_FALSE(a.moveNextTo(*m.model, 2, 4, /*below=*/false));  // into run b: refused
  EXPECT_FALSE(a.moveNextTo(*m.model, 2, 2, /*below=*/false));  // onto itself
  EXPECT_FALSE(a.moveNextTo(*m.model, 9, 2, /*below=*/false));  // no such lane
  // Pinned lanes reorder among themselves only.
  a.setPinned(4, true);
  a.setPinned(0, true);
  EXPECT_FALSE(a.moveNextTo(*m.model, 4, 1, /*below=*/false));
  EXPECT_TRUE(a.moveNextTo(*m.model, 4, 0, /*below=*/false));
  EXPECT_EQ(shownLanes(layoutLanes(*m.model, {}, {}, a)), (std::vector<std::size_t>{4, 0, 1, 2, 3, 5}));
}

TEST(LaneArrangement, ACollapsedProcessIsOneBandInPlaceOfItsLanes) {
  testing::AnalysedModel m(twoRuns());
  LaneArrangement a;
  a.setProcessCollapsed(0, 100, true);
  EXPECT_TRUE(a.isProcessCollapsed(0, 100));
  EXPECT_FALSE(a.isProcessCollapsed(1, 100));
  LayoutOptions o;
  LaneLayout layout = layoutLanes(*m.model, {}, o, a);
  EXPECT_EQ(shownLanes(layout), (std::vector<std::size_t>{0, 1, 3, 4, 5}));  // run a's API lane folded
  ASSERT_EQ(layout.processes.size(), 1u);
  EXPECT_EQ(layout.processes[0].pid, 100);
  EXPECT_EQ(layout.processes[0].lane_count, 1u);
  EXPECT_DOUBLE_EQ(layout.processes[0].height, o.row_px);
  EXPECT_EQ(layout.processBandAt(layout.processes[0].y + 1), std::optional<std::size_t>(0));
  a.setProcessCollapsed(0, 100, false);
  EXPECT_TRUE(layoutLanes(*m.model, {}, o, a).processes.empty());
}

TEST(LaneArrangement, HidingAProcessHidesItsHostLanes) {
  testing::AnalysedModel m(twoRuns());
  LaneArrangement a;
  EXPECT_EQ(a.hideProcess(*m.model, 0, 100), 1u);  // run a's API calls
  EXPECT_TRUE(a.isHidden(2));
  EXPECT_FALSE(a.isHidden(5));  // run b's are another run's
  EXPECT_EQ(a.hideProcess(*m.model, 0, 999), 0u);
}

}  // namespace
}  // namespace feedscope::view
