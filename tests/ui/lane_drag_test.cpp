// Lanes as a user rearranges them (docs/gui.md convention 4): a lane's name dragged onto another lane
// lands above or below it, a plain click still expands it, and a run's header menu makes that run the
// baseline of the A/B lanes.
#include <gtest/gtest.h>

#include <QAction>
#include <QMenu>
#include <QTest>

#include "support/run_fixture.h"
#include "ui/timeline_widget.h"
#include "ui_fixture.h"

namespace feedscope::ui {
namespace {

using testing::RunFixture;

std::vector<std::size_t> shownLanes(const TimelineWidget& widget) {
  std::vector<std::size_t> out;
  for (const auto& lp : widget.layout().lanes) out.push_back(lp.lane);
  return out;
}

std::size_t laneOf(const TimelineWidget& widget, view::LaneKind kind) {
  const auto& lanes = widget.document()->timeline->lanes();
  for (std::size_t l = 0; l < lanes.size(); ++l) {
    if (lanes[l].kind == kind) return l;
  }
  ADD_FAILURE() << "no lane of kind " << view::laneKindLabel(kind);
  return 0;
}

// The middle of a lane's name, and a point in its upper quarter.
QPoint nameOf(const TimelineWidget& widget, std::size_t lane, double fraction = 0.5) {
  const view::LanePlacement* lp = widget.layout().placementOf(lane);
  if (lp == nullptr) {
    ADD_FAILURE() << "lane " << lane << " not shown";
    return {};
  }
  return {60, widget.lanesTop() + static_cast<int>(lp->y + lp->height * fraction)};
}

TEST(LaneDrag, ALaneNameDraggedOntoAnotherLandsAboveIt) {
  RunFixture f;
  f.kernel(0, 1000);
  f.h2d(100, 300, 1 << 20, trace::MemoryKind::Pinned);
  f.api("cudaLaunchKernel", 0, 100, 1);
  TimelineWidget widget;
  widget.resize(1000, 400);
  widget.setDocument(testing::documentOf(f.finish()));
  widget.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
  const std::size_t kernels = laneOf(widget, view::LaneKind::Kernels);
  const std::size_t api = laneOf(widget, view::LaneKind::ApiCalls);
  const std::vector<std::size_t> before = shownLanes(widget);
  auto position = [&](std::size_t lane) {
    const auto order = shownLanes(widget);
    return std::find(order.begin(), order.end(), lane) - order.begin();
  };
  ASSERT_GT(position(api), position(kernels));
  // Press on the API lane's name, move in steps onto the kernels lane's upper quarter, release.
  const QPoint from = nameOf(widget, api);
  const QPoint to = nameOf(widget, kernels, 0.25);
  QTest::mousePress(&widget, Qt::LeftButton, Qt::NoModifier, from);
  for (int k = 1; k <= 4; ++k) QTest::mouseMove(&widget, from + (to - from) * k / 4);
  QTest::mouseRelease(&widget, Qt::LeftButton, Qt::NoModifier, to);
  EXPECT_EQ(position(api) + 1, position(kernels));
  EXPECT_EQ(shownLanes(widget).size(), before.size());
  EXPECT_EQ(widget.arrangement().displayOrder(*widget.document()->timeline)[position(api)], api);
  // A click without moving moves nothing.
  const std::vector<std::size_t> moved = shownLanes(widget);
  QTest::mouseClick(&widget, Qt::LeftButton, Qt::NoModifier, nameOf(widget, kernels));
  EXPECT_EQ(shownLanes(widget), moved);
}

// Two runs of two steps each; the second idles more in its first step.
std::shared_ptr<Document> twoStepRuns() {
  trace::Session both;
  for (auto [name, busy] : {std::pair{"a", 900}, std::pair{"b", 600}}) {
    RunFixture f(name);
    f.step(0, 1000, 1);
    f.step(1000, 2000, 2);
    f.kernel(0, busy);
    f.kernel(1000, 1800);
    trace::Session s = f.finish();
    for (auto& run : s.runs) {
      for (auto& t : run.tracks) {
        for (auto& n : t.intervals.name) n = both.strings.intern(s.strings.get(n));
      }
      both.runs.push_back(std::move(run));
    }
  }
  return testing::documentOf(std::move(both));
}

TEST(AbBaseline, TheRunHeaderMenuMakesARunTheBaseline) {
  TimelineWidget widget;
  widget.resize(1000, 500);
  widget.setDocument(twoStepRuns());
  widget.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
  const auto& model = *widget.document()->timeline;
  const std::size_t abOfA = model.runs()[0].first_lane, abOfB = model.runs()[1].first_lane;
  ASSERT_EQ(model.lanes()[abOfB].kind, view::LaneKind::IdleDifference);
  EXPECT_EQ(widget.layout().placementOf(abOfA), nullptr);
  EXPECT_NE(widget.layout().placementOf(abOfB), nullptr);
  {
    QMenu menu;
    widget.fillRunMenu(menu, 1);
    QAction* baseline = menu.findChild<QAction*>("menuAbBaseline");
    ASSERT_NE(baseline, nullptr);
    EXPECT_EQ(baseline->text(), "Use as A/B baseline");
    EXPECT_FALSE(baseline->isChecked());
    baseline->trigger();
  }
  EXPECT_EQ(model.idleBaseline(), 1u);
  EXPECT_NE(widget.layout().placementOf(abOfA), nullptr);
  EXPECT_EQ(widget.layout().placementOf(abOfB), nullptr);
  EXPECT_EQ(model.lanes()[abOfA].title, "idle vs b per step");
  // a idles 300 ns less than b in step 1.
  EXPECT_EQ(view::TimelineModel::idleDifference(model.lanes()[abOfA].rows[0], 0), -300);
  QMenu again;
  widget.fillRunMenu(again, 1);
  EXPECT_TRUE(again.findChild<QAction*>("menuAbBaseline")->isChecked());
}

}  // namespace
}  // namespace feedscope::ui
