// The timeline with the habits Nsight Systems and Perfetto users bring (docs/gui.md convention 1 and
// 2): a double-click selects what it hit and fills the view with it, `+` and the keypad's `+` zoom,
// panning stops at the trace, a tap of S or W is a step one sees, "Use as A/B baseline" moves the
// compare table and the summary with the lanes, and an export says where it went.
#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QMouseEvent>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QWheelEvent>

#include "support/run_fixture.h"
#include "ui/compare_panel.h"
#include "ui/export_choice.h"
#include "ui/main_window.h"
#include "ui/timeline_widget.h"
#include "ui_fixture.h"
#include "view/item_ref.h"
#include "view/lane_layout.h"

namespace feedscope::ui {
namespace {

using testing::RunFixture;
using testing::waitUntil;

// Nine adjacent training steps of 10 µs, a kernel in each.
std::shared_ptr<Document> nineSteps() {
  RunFixture f;
  for (int k = 0; k < 9; ++k) {
    f.step(10'000 * k, 10'000 * (k + 1), k + 1);
    f.kernel(10'000 * k + 2'000, 10'000 * k + 8'000);
  }
  return testing::documentOf(f.finish());
}

struct Habits : ::testing::Test {
  MainWindow window{false};
  TimelineWidget* timeline = nullptr;
  void SetUp() override {
    ASSERT_TRUE(testing::showWithKeyboard(window, nineSteps()));
    timeline = window.timeline();
  }
  std::size_t stepsLane() const {
    const auto& lanes = timeline->document()->timeline->lanes();
    for (std::size_t l = 0; l < lanes.size(); ++l) {
      if (lanes[l].kind == view::LaneKind::Steps) return l;
    }
    ADD_FAILURE() << "no steps lane";
    return 0;
  }
  QPoint pointAt(std::size_t lane, double displayNs) const {
    const auto slot = view::slotOf(timeline->layout(), lane, 0);
    const auto& s = timeline->layout().row_slots[*slot];
    return {timeline->lanesLeft() + static_cast<int>(std::lround(timeline->viewport().toPx(displayNs))),
            timeline->lanesTop() + static_cast<int>(s.y - timeline->findChild<QScrollBar*>("timelineScroll")->value() +
                                                    s.height / 2)};
  }
  // What a window system sends for a double-click: press, release, double-click, release.
  void doubleClick(QPoint at) {
    for (QEvent::Type type : {QEvent::MouseButtonPress, QEvent::MouseButtonRelease, QEvent::MouseButtonDblClick,
                              QEvent::MouseButtonRelease}) {
      const bool down = type != QEvent::MouseButtonRelease;
      QMouseEvent e(type, QPointF(at), timeline->mapToGlobal(QPointF(at)), Qt::LeftButton,
                    down ? Qt::LeftButton : Qt::NoButton, Qt::NoModifier);
      QApplication::sendEvent(timeline, &e);
    }
  }
};

// Double-click ProfilerStep#7 near its end: #7 stays selected (not #8, which the zoom brings under
// the cursor) and fills the view.
TEST_F(Habits, ADoubleClickedStepStaysSelectedAndFillsTheView) {
  timeline->fit();
  const std::size_t lane = stepsLane();
  const auto& model = *timeline->document()->timeline;
  const view::TimeRange seventh = view::itemRange(model, {lane, 0, 6});
  ASSERT_EQ(model.intervalName(model.lanes()[lane], model.lanes()[lane].rows[0], 6), "ProfilerStep#7");
  doubleClick(pointAt(lane, seventh.end - seventh.length() / 20));
  ASSERT_TRUE(timeline->selectedItem().has_value());
  EXPECT_EQ(timeline->selectedItem()->item, 6u);
  const view::TimeRange shown = timeline->viewport().visible();
  EXPECT_LE(shown.start, seventh.start);
  EXPECT_GE(shown.end, seventh.end);
  EXPECT_LE(shown.length(), 1.1 * seventh.length());
}

// A pinned lane stays at the top while the lanes below scroll under it (Perfetto's pinned tracks):
// scrolled to the bottom, the top of the lanes still shows it and a click there hits it.
TEST(PinnedLanes, StayAtTheTopWhileTheRestScrolls) {
  TimelineWidget widget;
  widget.resize(1200, 300);
  widget.setDocument(testing::sampleDocument());  // two runs' lanes: far taller than 300 px
  widget.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
  const auto& lanes = widget.document()->timeline->lanes();
  std::size_t steps = lanes.size();
  for (std::size_t l = 0; l < lanes.size() && steps == lanes.size(); ++l) {
    if (lanes[l].kind == view::LaneKind::Steps) steps = l;
  }
  ASSERT_LT(steps, lanes.size());
  view::LaneArrangement pinned;
  pinned.setPinned(steps, true);
  widget.setArrangement(pinned);
  ASSERT_GT(widget.layout().pinned_height, 0);
  auto* scroll = widget.findChild<QScrollBar*>("timelineScroll");
  ASSERT_GT(scroll->maximum(), 200);
  scroll->setValue(scroll->maximum());
  QApplication::processEvents();
  const auto* placement = widget.layout().placementOf(steps);
  ASSERT_NE(placement, nullptr);
  const int y = widget.lanesTop() + static_cast<int>(placement->y + placement->height / 2);
  EXPECT_DOUBLE_EQ(widget.contentYAt(y), std::floor(placement->y + placement->height / 2));
  // A step is under the cursor there, at any scroll.
  const auto& row = lanes[steps].rows[0];
  const double mid = widget.document()->timeline->toDisplay(lanes[steps].run, (row.start(0) + row.end(0)) / 2);
  const QPoint at(widget.lanesLeft() + static_cast<int>(widget.viewport().toPx(mid)), y);
  auto hit = widget.hitAt(at);
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->lane, steps);
  // And it is drawn there: the step's colour fills pixels in the band.
  const QImage image = widget.grab().toImage();
  int coloured = 0;
  for (int x = widget.lanesLeft(); x < image.width() - 20; ++x) coloured += image.pixel(x, y) != image.pixel(widget.lanesLeft() - 2, y) ? 1 : 0;
  EXPECT_GT(coloured, 100);
}

// `+` (Shift+= on most layouts) and the keypad's `+` zoom in; `-` zooms out.
TEST_F(Habits, PlusAndKeypadPlusZoomIn) {
  timeline->showRange({20'000, 60'000});
  double before = timeline->viewport().nsPerPx();
  QTest::keyClick(timeline, Qt::Key_Plus, Qt::ShiftModifier);
  EXPECT_LT(timeline->viewport().nsPerPx(), before * 0.9);
  before = timeline->viewport().nsPerPx();
  QTest::keyClick(timeline, Qt::Key_Plus, Qt::KeypadModifier);
  EXPECT_LT(timeline->viewport().nsPerPx(), before * 0.9);
  before = timeline->viewport().nsPerPx();
  QTest::keyClick(timeline, Qt::Key_Minus);
  EXPECT_GT(timeline->viewport().nsPerPx(), before * 1.1);
}

// Panning stops at the trace: Shift+wheel, A and `-` never show time before it starts or after it
// ends beyond a fit's margin.
TEST_F(Habits, PanningStopsAtTheTrace) {
  timeline->fit();
  const view::TimeRange fitted = timeline->viewport().visible();
  const view::TimeRange content = timeline->viewport().content();
  QPoint at(timeline->lanesLeft() + 200, timeline->lanesTop() + 30);
  for (int k = 0; k < 20; ++k) {
    QWheelEvent pan(at, timeline->mapToGlobal(at), QPoint(), QPoint(0, 240), Qt::NoButton, Qt::ShiftModifier,
                    Qt::NoScrollPhase, false);
    QApplication::sendEvent(timeline, &pan);
  }
  EXPECT_NEAR(timeline->viewport().visible().start, fitted.start, 1.0);
  timeline->showRange({0, 20'000});
  for (int k = 0; k < 30; ++k) QTest::keyClick(timeline, Qt::Key_A);
  const double margin = view::Viewport::kFitMargin * timeline->viewport().visible().length();
  EXPECT_GE(timeline->viewport().visible().start, content.start - margin - 1);
  for (int k = 0; k < 30; ++k) QTest::keyClick(timeline, Qt::Key_D);
  EXPECT_LE(timeline->viewport().visible().end, content.end + margin + 1);
}

// Ten taps of S zoom out several times (not 1.34x); ten of W come back.
TEST_F(Habits, ATapOfSOrWIsAStepOneSees) {
  timeline->showRange({40'000, 41'000});
  const double before = timeline->viewport().nsPerPx();
  for (int k = 0; k < 10; ++k) QTest::keyClick(timeline, Qt::Key_S);
  EXPECT_GT(timeline->viewport().nsPerPx(), 4 * before);
  for (int k = 0; k < 10; ++k) QTest::keyClick(timeline, Qt::Key_W);
  EXPECT_NEAR(timeline->viewport().nsPerPx(), before, before * 0.05);
}

// The export's status line names where the file went, and when the typed extension chose another
// format than the selected one, it says so.
TEST(ExportMessage, SaysWhereAndWhichFormat) {
  const ExportChoice same = chooseExportFormat("/tmp/a.json", "json");
  EXPECT_EQ(same.format_id, "json");
  EXPECT_TRUE(same.note.isEmpty());
  EXPECT_EQ(exportDoneMessage("/tmp/a.json", same), "Exported to /tmp/a.json");
  const ExportChoice other = chooseExportFormat("/tmp/a.csv", "json");
  EXPECT_EQ(other.format_id, "csv");
  const QString line = exportDoneMessage("/tmp/a.csv", other);
  EXPECT_TRUE(line.startsWith("Exported to /tmp/a.csv")) << line.toStdString();
  EXPECT_TRUE(line.contains(exportTitleOf("csv"))) << line.toStdString();
  EXPECT_TRUE(line.contains(exportTitleOf("json"))) << line.toStdString();
}

// "Use as A/B baseline" on the second run: the compare table's first column and every verdict are
// against it, and so is the summary above the timeline.
TEST(Baseline, UseAsBaselineMovesTheCompareTableAndTheSummary) {
  MainWindow window{false};
  window.resize(1600, 1000);
  window.show();
  QSignalSpy loaded(&window, &MainWindow::documentLoaded);
  window.openFiles({QString::fromStdString(testing::kNaive), QString::fromStdString(testing::kStream)});
  ASSERT_TRUE(waitUntil([&] { return loaded.count() == 1; }));
  const std::string first = window.document()->analyses[0].run_name;
  const std::string second = window.document()->analyses[1].run_name;
  QTableView* table = window.comparePanel()->table();
  EXPECT_EQ(table->model()->headerData(1, Qt::Horizontal, Qt::ToolTipRole).toString().toStdString(), first);
  const QString verdictBefore = window.comparePanel()->verdictText();
  window.timeline()->setIdleBaseline(1);
  EXPECT_EQ(window.document()->compare.baseline_run, 1u);
  EXPECT_EQ(table->model()->headerData(1, Qt::Horizontal, Qt::ToolTipRole).toString().toStdString(), second);
  EXPECT_EQ(table->model()->headerData(2, Qt::Horizontal, Qt::ToolTipRole).toString().toStdString(), first);
  ASSERT_EQ(window.document()->compare.comparisons.size(), 1u);
  EXPECT_EQ(window.document()->compare.comparisons[0].run_a, second);
  EXPECT_EQ(window.document()->compare.comparisons[0].run_b, first);
  EXPECT_NE(window.comparePanel()->verdictText(), verdictBefore);
  EXPECT_TRUE(window.summaryText().contains(QString::fromStdString(window.document()->compare.verdicts[0]).toHtmlEscaped()));
}

}  // namespace
}  // namespace feedscope::ui
