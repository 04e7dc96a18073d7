// The timeline widget as a user drives it (docs/gui.md's bindings): wheel to scroll, Ctrl+wheel to zoom at
// the cursor, drag to select with the span shown live, Shift+drag to pan, click for details, W/S/A/D
// keys, lane collapse, a fitted view that stays fitted.
#include "ui/timeline_widget.h"

#include <gtest/gtest.h>

#include <QImage>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>

#include "support/run_fixture.h"
#include "ui_fixture.h"

namespace feedscope::ui {
namespace {

using testing::RunFixture;

std::shared_ptr<Document> comb() {
  RunFixture f;
  for (int k = 0; k < 1000; ++k) f.kernel(100 * k, 100 * k + 10);
  f.h2d(100'000, 101'000, 4 << 20, trace::MemoryKind::Pinned);
  return testing::documentOf(f.finish());
}

struct WidgetFixture : ::testing::Test {
  TimelineWidget widget;
  void SetUp() override {
    widget.resize(1200, 500);
    widget.setDocument(comb());
    widget.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
  }
  // Widget y in the middle of the first strip of a lane kind.
  int laneY(view::LaneKind kind) {
    for (const auto& s : widget.layout().row_slots) {
      if (widget.document()->timeline->lanes()[s.lane].kind == kind) {
        return widget.lanesTop() + static_cast<int>(s.y + s.height / 2);
      }
    }
    ADD_FAILURE() << "no lane";
    return 0;
  }
  int xOf(double displayNs) {
    return widget.lanesLeft() + static_cast<int>(std::lround(widget.viewport().toPx(displayNs)));
  }
};

QWheelEvent wheelAt(TimelineWidget& w, QPoint at, QPoint delta, Qt::KeyboardModifiers modifiers) {
  return QWheelEvent(at, w.mapToGlobal(at), QPoint(), delta, Qt::NoButton, modifiers, Qt::NoScrollPhase, false);
}

// docs/gui.md: the wheel scrolls rows, Ctrl+wheel zooms at the cursor, Shift+wheel pans.
TEST_F(WidgetFixture, CtrlWheelZoomsAtTheCursorAndThePlainWheelDoesNot) {
  QPoint at(widget.lanesLeft() + 300, laneY(view::LaneKind::Kernels));
  double before = widget.viewport().nsPerPx();
  auto plain = wheelAt(widget, at, QPoint(0, 240), Qt::NoModifier);
  QApplication::sendEvent(&widget, &plain);
  EXPECT_EQ(widget.viewport().nsPerPx(), before);
  double anchor = widget.viewport().toTime(300);
  auto zoom = wheelAt(widget, at, QPoint(0, 240), Qt::ControlModifier);
  QApplication::sendEvent(&widget, &zoom);
  EXPECT_LT(widget.viewport().nsPerPx(), before);
  EXPECT_NEAR(widget.viewport().toTime(300), anchor, widget.viewport().nsPerPx());
  double start = widget.viewport().startNs();
  auto pan = wheelAt(widget, at, QPoint(0, -120), Qt::ShiftModifier);
  QApplication::sendEvent(&widget, &pan);
  EXPECT_GT(widget.viewport().startNs(), start);
}

TEST_F(WidgetFixture, ThePlainWheelScrollsTheRows) {
  widget.setDocument(testing::sampleDocument());  // two runs' lanes: taller than the widget
  QApplication::processEvents();
  auto* scroll = widget.findChild<QScrollBar*>("timelineScroll");
  ASSERT_NE(scroll, nullptr);
  ASSERT_GT(scroll->maximum(), 0);
  QPoint at(widget.lanesLeft() + 300, widget.lanesTop() + 20);
  auto down = wheelAt(widget, at, QPoint(0, -120), Qt::NoModifier);
  QApplication::sendEvent(&widget, &down);
  EXPECT_GT(scroll->value(), 0);
}

// docs/gui.md: a drag selects a range, Shift+drag pans.
TEST_F(WidgetFixture, ShiftDragPansAndDragSelectsARange) {
  widget.showRange({0, 50'000});
  double start = widget.viewport().startNs();
  int y = laneY(view::LaneKind::Kernels);
  QTest::mousePress(&widget, Qt::LeftButton, Qt::ShiftModifier, QPoint(700, y));
  QTest::mouseMove(&widget, QPoint(600, y));
  QTest::mouseRelease(&widget, Qt::LeftButton, Qt::ShiftModifier, QPoint(600, y));
  // Dragged 100 px to the left: later times came into view.
  EXPECT_NEAR(widget.viewport().startNs(), start + 100 * widget.viewport().nsPerPx(), 1e-6);
  EXPECT_FALSE(widget.viewport().selection());

  QSignalSpy selected(&widget, &TimelineWidget::selectionChanged);
  widget.fit();
  int x0 = xOf(20'000), x1 = xOf(40'000);
  QTest::mousePress(&widget, Qt::LeftButton, Qt::NoModifier, QPoint(x0, y));
  QTest::mouseMove(&widget, QPoint(x1, y));
  QTest::mouseRelease(&widget, Qt::LeftButton, Qt::NoModifier, QPoint(x1, y));
  ASSERT_GE(selected.count(), 1);
  auto range = selected.last().at(0).value<std::optional<view::TimeRange>>();
  ASSERT_TRUE(range.has_value());
  EXPECT_NEAR(range->start, 20'000, 2 * widget.viewport().nsPerPx());
  EXPECT_NEAR(range->end, 40'000, 2 * widget.viewport().nsPerPx());
  widget.clearSelection();
  EXPECT_FALSE(widget.viewport().selection());
}

TEST_F(WidgetFixture, ClickShowsTheIntervalsDetails) {
  widget.showRange({99'000, 102'000});
  QSignalSpy activated(&widget, &TimelineWidget::itemActivated);
  QTest::mouseClick(&widget, Qt::LeftButton, Qt::NoModifier,
                    QPoint(xOf(100'500), laneY(view::LaneKind::CopyH2D)));
  ASSERT_EQ(activated.count(), 1);
  auto d = activated.first().at(0).value<view::Description>();
  EXPECT_EQ(d.title, "Memcpy HtoD (Pinned -> Device)");
  ASSERT_NE(d.find("bandwidth"), nullptr);
  EXPECT_EQ(*d.find("bandwidth"), "4194 GB/s");
  // Empty space: nothing.
  QTest::mouseClick(&widget, Qt::LeftButton, Qt::NoModifier,
                    QPoint(xOf(101'500), laneY(view::LaneKind::CopyH2D)));
  EXPECT_EQ(activated.count(), 1);
}

TEST_F(WidgetFixture, KeysZoomAndPan) {
  widget.setFocus();
  double before = widget.viewport().nsPerPx();
  QTest::keyPress(&widget, Qt::Key_W);
  QTest::qWait(60);
  QTest::keyRelease(&widget, Qt::Key_W);
  EXPECT_LT(widget.viewport().nsPerPx(), before);
  double start = widget.viewport().startNs();
  QTest::keyPress(&widget, Qt::Key_D);
  QTest::qWait(60);
  QTest::keyRelease(&widget, Qt::Key_D);
  EXPECT_GT(widget.viewport().startNs(), start);
  double zoomed = widget.viewport().nsPerPx();
  QTest::keyPress(&widget, Qt::Key_S);
  QTest::qWait(60);
  QTest::keyRelease(&widget, Qt::Key_S);
  EXPECT_GT(widget.viewport().nsPerPx(), zoomed);
}

// While dragging, the selection's length shows on the ruler and on the canvas (Perfetto does).
TEST_F(WidgetFixture, ADragShowsItsSpanOnTheRulerAndTheCanvasWhileDragging) {
  int y = laneY(view::LaneKind::Kernels);
  int x0 = xOf(20'000), x1 = xOf(60'000);
  QImage before = widget.grab().toImage();
  QTest::mousePress(&widget, Qt::LeftButton, Qt::NoModifier, QPoint(x0, y));
  QTest::mouseMove(&widget, QPoint(x1, y));
  QImage during = widget.grab().toImage();
  QTest::mouseRelease(&widget, Qt::LeftButton, Qt::NoModifier, QPoint(x1, y));
  // The span's tag is filled with the opaque highlight colour: count such pixels above the selection.
  const QRgb tag = widget.palette().color(QPalette::Highlight).rgb();
  auto tagPixels = [&](const QImage& image, int top, int bottom) {
    int n = 0;
    for (int yy = top; yy < bottom; ++yy) {
      for (int xx = x0; xx < x1; ++xx) n += image.pixel(xx, yy) == tag ? 1 : 0;
    }
    return n;
  };
  EXPECT_EQ(tagPixels(before, 0, widget.lanesTop()), 0);
  EXPECT_GT(tagPixels(during, 0, widget.lanesTop()), 100);  // on the ruler
  EXPECT_EQ(tagPixels(before, widget.lanesTop(), widget.lanesTop() + 20), 0);
  EXPECT_GT(tagPixels(during, widget.lanesTop(), widget.lanesTop() + 20), 100);  // on the canvas
}

// A fitted view is fitted again at the new width, not left half empty.
TEST_F(WidgetFixture, AFittedViewStaysFittedWhenTheWidgetGrows) {
  widget.fit();
  view::TimeRange fitted = widget.viewport().visible();
  widget.resize(1800, 500);
  QApplication::processEvents();
  EXPECT_NEAR(widget.viewport().visible().start, fitted.start, 1e-6);
  EXPECT_NEAR(widget.viewport().visible().end, fitted.end, 1e-6);
  // After the user zoomed, a resize keeps the zoom level.
  widget.zoomBy(2);
  double nsPerPx = widget.viewport().nsPerPx();
  widget.resize(1400, 500);
  QApplication::processEvents();
  EXPECT_DOUBLE_EQ(widget.viewport().nsPerPx(), nsPerPx);
}

TEST_F(WidgetFixture, FocusZoomsToTheSelectionThenFits) {
  widget.selectRange(view::TimeRange{10'000, 20'000});
  widget.focusSelectionOrFit();
  EXPECT_NEAR(widget.viewport().visible().start, 10'000, 1e-6);
  EXPECT_NEAR(widget.viewport().visible().end, 20'000, 1e-6);
  widget.focusSelectionOrFit();  // again: everything
  EXPECT_LT(widget.viewport().visible().start, 0);
  EXPECT_GT(widget.viewport().visible().end, 101'000);
}

TEST(TimelineWidgetLanes, ClickingALaneNameSpreadsItsRows) {
  RunFixture f;
  f.host(trace::IntervalKind::HostOp, "outer", 0, 1000);
  f.host(trace::IntervalKind::HostOp, "inner", 100, 200);
  f.kernel(0, 50);
  TimelineWidget widget;
  widget.resize(900, 400);
  widget.setDocument(testing::documentOf(f.finish()));
  widget.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
  const auto* lanes = &widget.document()->timeline->lanes();
  std::size_t ops = 0;
  while ((*lanes)[ops].kind != view::LaneKind::HostOps) ++ops;
  const auto* placement = widget.layout().placementOf(ops);
  ASSERT_NE(placement, nullptr);
  EXPECT_TRUE(placement->collapsed);  // two rows in one strip at first
  double collapsedHeight = placement->height;
  QTest::mouseClick(&widget, Qt::LeftButton, Qt::NoModifier,
                    QPoint(40, widget.lanesTop() + static_cast<int>(placement->y + 4)));
  placement = widget.layout().placementOf(ops);
  EXPECT_FALSE(placement->collapsed);
  EXPECT_DOUBLE_EQ(placement->height, 2 * collapsedHeight);
}

}  // namespace
}  // namespace feedscope::ui
