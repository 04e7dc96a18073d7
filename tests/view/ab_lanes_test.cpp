// docs/gui.md's A/B figures on the timeline: a lane of idle time of run B minus run A per aligned step,
// and on each copy lane the share of its copy time hidden under compute.
#include <gtest/gtest.h>

#include "view/describe.h"
#include "view/lane_layout.h"
#include "view/model_fixture.h"

namespace feedscope::view {
namespace {

using testing::AnalysedModel;
using testing::RunFixture;

// Each run: two steps of 1000 ns. A's kernels leave 100 and 200 ns idle per step, B's 400 and 50.
void addRun(trace::Session& both, const char* name, TimeNs busy0, TimeNs busy1) {
  RunFixture f(name);
  f.step(0, 1000, 1);
  f.step(1000, 2000, 2);
  f.kernel(0, busy0);
  f.kernel(1000, 1000 + busy1);
  f.h2d(busy0 - 100, busy0 + 100, 1 << 20, trace::MemoryKind::Pinned, 9);  // half under the kernel
  trace::Session s = f.finish();
  for (auto& run : s.runs) {
    for (auto& t : run.tracks) {
      for (auto& n : t.intervals.name) n = both.strings.intern(s.strings.get(n));
    }
    both.runs.push_back(std::move(run));
  }
}

trace::Session abSession() {
  trace::Session both;
  addRun(both, "prefetch off", 900, 800);
  addRun(both, "prefetch on", 600, 950);
  return both;
}

TEST(AbLanes, TheSecondRunLeadsWithItsIdleDifferencePerStep) {
  AnalysedModel m(abSession());
  const auto& model = *m.model;
  ASSERT_EQ(model.runs().size(), 2u);
  // The first run is the baseline: its own lane (there so that any run can become the baseline) is
  // empty and takes no room; the compared run leads with its lane.
  const Lane& own = model.lanes()[model.runs()[0].first_lane];
  ASSERT_EQ(own.kind, LaneKind::IdleDifference);
  EXPECT_EQ(own.interval_count, 0u);
  EXPECT_EQ(layoutLanes(model, {}).placementOf(model.runs()[0].first_lane), nullptr);
  EXPECT_NE(layoutLanes(model, {}).placementOf(model.runs()[1].first_lane), nullptr);
  const Lane& diff = model.lanes()[model.runs()[1].first_lane];
  ASSERT_EQ(diff.kind, LaneKind::IdleDifference);
  EXPECT_EQ(diff.title, "idle vs prefetch off per step");
  ASSERT_EQ(diff.rows.size(), 1u);
  const Row& row = diff.rows[0];
  ASSERT_EQ(row.size(), 2u);
  // The copy adds no compute: idle is what the kernel leaves of the step.
  EXPECT_EQ(TimelineModel::idleDifference(row, 0), 400 - 100);
  EXPECT_EQ(TimelineModel::idleDifference(row, 1), 50 - 200);
  EXPECT_EQ(model.intervalColor(diff, row, 0), palette::kWorse);  // more idle: worse
  EXPECT_EQ(model.intervalColor(diff, row, 1), palette::kBetter);
  EXPECT_EQ(model.intervalName(diff, row, 0), "ProfilerStep#1: idle +300 ns vs prefetch off ProfilerStep#1");
  EXPECT_EQ(model.intervalName(diff, row, 1), "ProfilerStep#2: idle −150 ns vs prefetch off ProfilerStep#2");
  Description d = describeInterval(model, model.runs()[1].first_lane, 0, 0);
  ASSERT_NE(d.find("idle difference"), nullptr);
  EXPECT_EQ(*d.find("idle difference"), "+300 ns");
}

// "Use as A/B baseline" on a run's header: the lanes compare against that run instead, and no lane
// comes or goes (the user's arrangement indexes them).
TEST(AbLanes, AnyRunCanBeTheBaseline) {
  AnalysedModel m(abSession());
  auto& model = *m.model;
  const std::size_t lanes = model.lanes().size();
  const std::size_t laneA = model.runs()[0].first_lane, laneB = model.runs()[1].first_lane;
  EXPECT_EQ(model.idleBaseline(), 0u);
  ASSERT_TRUE(model.setIdleBaseline(1));
  EXPECT_EQ(model.idleBaseline(), 1u);
  EXPECT_EQ(model.lanes().size(), lanes);
  const Lane& a = model.lanes()[laneA];
  EXPECT_EQ(a.title, "idle vs prefetch on per step");
  ASSERT_EQ(a.interval_count, 2u);
  EXPECT_EQ(TimelineModel::idleDifference(a.rows[0], 0), 100 - 400);
  EXPECT_EQ(TimelineModel::idleDifference(a.rows[0], 1), 200 - 50);
  EXPECT_EQ(model.intervalColor(a, a.rows[0], 0), palette::kBetter);
  EXPECT_EQ(model.intervalName(a, a.rows[0], 1),
            "ProfilerStep#2: idle +150 ns vs prefetch on ProfilerStep#2");
  EXPECT_EQ(model.lanes()[laneB].interval_count, 0u);
  LaneLayout layout = layoutLanes(model, {});
  EXPECT_NE(layout.placementOf(laneA), nullptr);
  EXPECT_EQ(layout.placementOf(laneB), nullptr);
  // Unchanged or out of range: nothing to do.
  EXPECT_FALSE(model.setIdleBaseline(1));
  EXPECT_FALSE(model.setIdleBaseline(2));
  // Back to the first run: as built.
  ASSERT_TRUE(model.setIdleBaseline(0));
  EXPECT_EQ(model.lanes()[laneA].interval_count, 0u);
  EXPECT_EQ(TimelineModel::idleDifference(model.lanes()[laneB].rows[0], 0), 400 - 100);
}

// The bars: a step within the noise of a comparison (1 % here, analysis/thresholds.h) is grey as the
// compare table's cell is; each bar is its difference over the lane's largest, signed, and labelled
// with the difference ("+2.00 µs"), not the step's name.
TEST(AbLanes, BarsAreSizedAndLabelledByTheSignedDifferenceAndNoiseIsGrey) {
  trace::Session both;
  auto add = [&](const char* name, TimeNs busy0, TimeNs busy1) {
    RunFixture f(name);
    f.step(0, 10'000, 1);
    f.step(10'000, 20'000, 2);
    f.kernel(0, busy0);
    f.kernel(10'000, 10'000 + busy1);
    trace::Session s = f.finish();
    for (auto& run : s.runs) {
      for (auto& t : run.tracks) {
        for (auto& n : t.intervals.name) n = both.strings.intern(s.strings.get(n));
      }
      both.runs.push_back(std::move(run));
    }
  };
  add("a", 9'000, 9'000);  // 1000 ns idle in each step
  add("b", 8'995, 7'000);  // 1005 ns (within 1 %), then 3000 ns
  AnalysedModel m(std::move(both));
  const Lane& lane = m.model->lanes()[m.model->runs()[1].first_lane];
  ASSERT_EQ(lane.kind, LaneKind::IdleDifference);
  const Row& row = lane.rows[0];
  ASSERT_EQ(row.size(), 2u);
  ASSERT_NE(row.idleStep(0), nullptr);
  EXPECT_EQ(row.idleStep(0)->idle, 1'005);
  EXPECT_EQ(row.idleStep(0)->baseline_idle, 1'000);
  EXPECT_TRUE(row.idleStep(0)->withinNoise());
  EXPECT_EQ(m.model->intervalColor(lane, row, 0), palette::kNeutral);
  EXPECT_EQ(m.model->intervalColor(lane, row, 1), palette::kWorse);
  const auto small = TimelineModel::idleBar(lane, row, 0);
  const auto large = TimelineModel::idleBar(lane, row, 1);
  EXPECT_DOUBLE_EQ(large.share, 1.0);
  EXPECT_DOUBLE_EQ(small.share, 5.0 / 2'000.0);
  EXPECT_EQ(large.label, "+2.00 µs");
  EXPECT_EQ(small.label, "+5 ns");
  // With the other run as the baseline the signs turn.
  ASSERT_TRUE(m.model->setIdleBaseline(1));
  const Lane& a = m.model->lanes()[m.model->runs()[0].first_lane];
  EXPECT_DOUBLE_EQ(TimelineModel::idleBar(a, a.rows[0], 1).share, -1.0);
  EXPECT_EQ(TimelineModel::idleBar(a, a.rows[0], 1).label, "−2.00 µs");
  EXPECT_EQ(m.model->intervalColor(a, a.rows[0], 1), palette::kBetter);
}

TEST(AbLanes, CopyLanesSayHowMuchOfTheirTimeIsHiddenUnderCompute) {
  AnalysedModel m(abSession());
  const Lane& h2d = m.model->lanes()[m.lane(LaneKind::CopyH2D)];
  ASSERT_TRUE(h2d.hidden_share.has_value());
  EXPECT_DOUBLE_EQ(*h2d.hidden_share, 0.5);
  EXPECT_NE(h2d.title.find("H2D · 50% hidden"), std::string::npos) << h2d.title;
  // Kernel lanes carry no such figure.
  EXPECT_FALSE(m.model->lanes()[m.lane(LaneKind::Kernels)].hidden_share.has_value());
}

TEST(AbLanes, OneRunHasNoDifferenceLane) {
  RunFixture f;
  f.step(0, 1000, 1);
  f.kernel(0, 500);
  AnalysedModel m(f.finish());
  for (const auto& lane : m.model->lanes()) EXPECT_NE(lane.kind, LaneKind::IdleDifference);
}

}  // namespace
}  // namespace feedscope::view
