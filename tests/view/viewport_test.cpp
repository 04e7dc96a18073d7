// Time <-> pixel mapping, zoom and pan limits, selection: table-driven.
#include "view/viewport.h"

#include <gtest/gtest.h>

namespace feedscope::view {
namespace {

Viewport make(double start, double nsPerPx, double width = 1000, TimeRange content = {0, 1e9}) {
  Viewport v;
  v.setWidth(width);
  v.setContent(content);
  v.setNsPerPx(nsPerPx, 0);
  v.panPx((start - v.startNs()) / v.nsPerPx());
  return v;
}

TEST(Viewport, MapsTimeToPixelAndBack) {
  struct Case {
    double start, nsPerPx, t, px;
  } cases[] = {
      {0, 1000, 0, 0},          {0, 1000, 500'000, 500}, {1e6, 1000, 1.5e6, 500},
      {1e6, 1, 1e6 + 250, 250}, {2e8, 1e5, 2.5e8, 500},  {5e5, 0.5, 5e5 + 10, 20},
  };
  for (const auto& c : cases) {
    Viewport v = make(c.start, c.nsPerPx);
    EXPECT_DOUBLE_EQ(v.startNs(), c.start) << c.start;
    EXPECT_DOUBLE_EQ(v.toPx(c.t), c.px) << c.t;
    EXPECT_DOUBLE_EQ(v.toTime(c.px), c.t) << c.px;
  }
}

TEST(Viewport, FitShowsTheWholeContentWithAMargin) {
  Viewport v;
  v.setWidth(1000);
  v.setContent({1'000, 101'000});
  v.fit();
  EXPECT_NEAR(v.toPx(1'000), 20, 1e-9);
  EXPECT_NEAR(v.toPx(101'000), 980, 1e-9);
}

TEST(Viewport, ZoomKeepsTheTimeUnderTheCursor) {
  for (double px : {0.0, 123.0, 500.0, 999.0}) {
    for (double factor : {2.0, 0.5, 1.25, 10.0}) {
      Viewport v = make(1e8, 1e4);
      double anchor = v.toTime(px);
      v.zoomAt(px, factor);
      EXPECT_NEAR(v.toTime(px), anchor, 1e-6) << px << " x" << factor;
      EXPECT_NEAR(v.nsPerPx(), 1e4 / factor, 1e-9);
    }
  }
}

TEST(Viewport, ZoomStopsAtTheLimits) {
  Viewport v = make(1e8, 1e4);
  for (int i = 0; i < 100; ++i) v.zoomAt(500, 4);
  EXPECT_DOUBLE_EQ(v.nsPerPx(), Viewport::kMinNsPerPx);
  for (int i = 0; i < 100; ++i) v.zoomAt(500, 0.25);
  // Zoomed out as far as allowed the content fills half the width and stays on screen.
  EXPECT_DOUBLE_EQ(v.nsPerPx(), 1e9 / (Viewport::kMaxZoomOutShare * 1000));
  EXPECT_LE(v.visible().start, 0);
  EXPECT_GE(v.visible().end, 1e9);
}

TEST(Viewport, PanMovesByPixelsAndKeepsContentInView) {
  Viewport v = make(1e8, 1e4);
  v.panPx(100);
  EXPECT_DOUBLE_EQ(v.startNs(), 1e8 + 1e6);
  v.panPx(-200);
  EXPECT_DOUBLE_EQ(v.startNs(), 1e8 - 1e6);
  // Far past the end or the start: the view stops at the trace with a fit's margin, never showing
  // empty time beyond it (docs/gui.md convention 1).
  const double margin = Viewport::kFitMargin * v.visible().length();
  v.panPx(1e9);
  EXPECT_DOUBLE_EQ(v.visible().end, 1e9 + margin);
  v.panPx(-1e9);
  EXPECT_DOUBLE_EQ(v.startNs(), -margin);
}

TEST(Viewport, ZoomedOutFurtherThanAFitTheTraceIsCentred) {
  Viewport v = make(0, 1e4, 1000, {2e6, 4e6});
  v.setNsPerPx(3e3, 0);  // 3 ms across: more than the 2 ms of content
  v.panPx(-1e6);
  EXPECT_DOUBLE_EQ(v.visible().start, 1.5e6);
  EXPECT_DOUBLE_EQ(v.visible().end, 4.5e6);
}

TEST(Viewport, ShowRangeFillsTheWidth) {
  Viewport v = make(0, 1e4);
  v.showRange({2e6, 3e6});
  EXPECT_DOUBLE_EQ(v.toPx(2e6), 0);
  EXPECT_DOUBLE_EQ(v.toPx(3e6), 1000);
  v.showRange({5e6, 5e6 + 10});  // narrower than the closest zoom: centred
  EXPECT_DOUBLE_EQ(v.nsPerPx(), Viewport::kMinNsPerPx);
  EXPECT_NEAR(v.toPx(5e6 + 5), 500, 1e-6);
}

TEST(Viewport, SelectionIsNormalisedAndCleared) {
  Viewport v = make(0, 1e4);
  v.select({300, 100});
  ASSERT_TRUE(v.selection());
  EXPECT_EQ(*v.selection(), (TimeRange{100, 300}));
  v.select({5, 5});
  EXPECT_FALSE(v.selection());
  v.select({1, 2});
  v.clearSelection();
  EXPECT_FALSE(v.selection());
}

}  // namespace
}  // namespace feedscope::view
