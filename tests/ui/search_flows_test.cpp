// Search and flows as a user drives them: `/` opens the bar, typing counts the matches ("2 / 4"),
// Enter and Shift+Enter select and centre them, matches are marked on the canvas and the rest dimmed,
// Esc closes; selecting an API call draws an arrow to its kernel and J (or the details button) jumps
// along it and back.
#include <gtest/gtest.h>

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>

#include "importers/kineto_import.h"
#include "support/run_fixture.h"
#include "support/temp_dir.h"
#include "ui/details_panel.h"
#include "ui/main_window.h"
#include "ui/search_bar.h"
#include "ui/timeline_painter.h"
#include "ui/timeline_widget.h"
#include "ui_fixture.h"

namespace feedscope::ui {
namespace {

using testing::RunFixture;

// Four "gemm" kernels (three on stream 7, one on stream 8), "relu" between them, each launched by a
// cudaLaunchKernel call with its own correlation id.
std::shared_ptr<Document> launches() {
  RunFixture f;
  const char* names[] = {"sm90_gemm", "relu", "sm90_gemm", "relu", "sm90_gemm"};
  for (int k = 0; k < 5; ++k) {
    const std::uint32_t corr = 100 + static_cast<std::uint32_t>(k);
    f.api("cudaLaunchKernel", 20'000 * k, 20'000 * k + 2'000, corr);
    f.kernel(20'000 * k + 5'000, 20'000 * k + 15'000, 7, corr, 0, names[k]);
  }
  f.api("cudaLaunchKernel", 29'000, 30'000, 200);
  f.kernel(31'000, 39'000, 8, 200, 0, "GEMM_big");
  return testing::documentOf(f.finish());
}

int countPixels(const QImage& image, QColor color) {
  int n = 0;
  for (int y = 0; y < image.height(); ++y) {
    for (int x = 0; x < image.width(); ++x) n += image.pixelColor(x, y).rgb() == color.rgb() ? 1 : 0;
  }
  return n;
}

struct TimelineSearch : ::testing::Test {
  TimelineWidget widget;
  void SetUp() override {
    widget.resize(1200, 500);
    widget.setDocument(launches());
    widget.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
  }
  const view::TimelineModel& model() { return *widget.document()->timeline; }
  std::size_t laneOf(view::LaneKind kind, std::int64_t stream = -1) {
    for (std::size_t l = 0; l < model().lanes().size(); ++l) {
      if (model().lanes()[l].kind == kind && (stream < 0 || model().lanes()[l].stream == stream)) return l;
    }
    ADD_FAILURE() << "no lane";
    return 0;
  }
};

TEST_F(TimelineSearch, EnterStepsThroughTheMatchesInTimeOrderAndCentresEach) {
  QSignalSpy position(&widget, &TimelineWidget::searchChanged);
  widget.setSearchQuery("gemm");
  EXPECT_EQ(widget.searchResult().count(), 4u);
  ASSERT_GE(position.count(), 1);
  EXPECT_EQ(position.last().at(0).value<std::size_t>(), 4u);
  EXPECT_EQ(position.last().at(1).value<long>(), -1);  // nothing selected yet

  const std::size_t s7 = laneOf(view::LaneKind::Kernels, 7), s8 = laneOf(view::LaneKind::Kernels, 8);
  ASSERT_TRUE(widget.searchStep(true));
  EXPECT_EQ(widget.selectedItem(), (view::ItemRef{s7, 0, 0}));  // sm90_gemm at 5 µs
  EXPECT_EQ(position.last().at(1).value<long>(), 0);
  // Centred: the match fills the middle third of the view.
  view::TimeRange r = view::itemRange(model(), *widget.selectedItem());
  EXPECT_NEAR(widget.viewport().visible().start, r.start - r.length(), 1);
  EXPECT_NEAR(widget.viewport().visible().end, r.end + r.length(), 1);
  ASSERT_TRUE(widget.searchStep(true));
  EXPECT_EQ(widget.selectedItem(), (view::ItemRef{s8, 0, 0}));  // GEMM_big at 31 µs, on the other stream
  EXPECT_EQ(position.last().at(1).value<long>(), 1);
  ASSERT_TRUE(widget.searchStep(true));
  EXPECT_EQ(widget.selectedItem(), (view::ItemRef{s7, 0, 2}));  // sm90_gemm at 45 µs (relu is item 1)
  ASSERT_TRUE(widget.searchStep(true));
  ASSERT_TRUE(widget.searchStep(true));
  EXPECT_EQ(widget.selectedItem(), (view::ItemRef{s7, 0, 0}));  // past the last: back to the first
  ASSERT_TRUE(widget.searchStep(false));
  EXPECT_EQ(widget.selectedItem(), (view::ItemRef{s7, 0, 4}));
}

TEST_F(TimelineSearch, MatchesInHiddenLanesAreSteppedOver) {
  const std::size_t s7 = laneOf(view::LaneKind::Kernels, 7), s8 = laneOf(view::LaneKind::Kernels, 8);
  view::LaneArrangement hidden;
  hidden.setHidden(s8, true);
  widget.setArrangement(hidden);
  widget.setSearchQuery("gemm");
  ASSERT_TRUE(widget.searchStep(true));
  EXPECT_EQ(widget.selectedItem(), (view::ItemRef{s7, 0, 0}));
  ASSERT_TRUE(widget.searchStep(true));
  EXPECT_EQ(widget.selectedItem(), (view::ItemRef{s7, 0, 2}));  // GEMM_big on the hidden stream skipped
  hidden.setHidden(s7, true);
  widget.setArrangement(hidden);
  EXPECT_FALSE(widget.searchStep(true));  // every match hidden: nothing to show
}

TEST_F(TimelineSearch, MatchesAreMarkedAndTheRestDimmed) {
  widget.fit();
  QImage plain = widget.grab().toImage();
  EXPECT_EQ(countPixels(plain, kMatchColor), 0);
  widget.setSearchQuery("gemm");
  QImage searched = widget.grab().toImage();
  // Four kernels outlined in amber (boxes at this zoom): their outlines are dozens of pixels each.
  EXPECT_GT(countPixels(searched, kMatchColor), 4 * 40);
  // A relu kernel's box is dimmed: its pixel is no longer the kernel colour.
  const std::size_t s7 = laneOf(view::LaneKind::Kernels, 7);
  view::TimeRange relu = view::itemRange(model(), {s7, 0, 1});
  const auto& slot = widget.layout().row_slots[*view::slotOf(widget.layout(), s7, 0)];
  QPoint inRelu(widget.lanesLeft() + static_cast<int>(widget.viewport().toPx((relu.start + relu.end) / 2)),
                widget.lanesTop() + static_cast<int>(slot.y + slot.height / 2));
  EXPECT_EQ(plain.pixelColor(inRelu).rgb(), toQColor(view::palette::kKernel).rgb());
  EXPECT_NE(searched.pixelColor(inRelu).rgb(), toQColor(view::palette::kKernel).rgb());
  widget.setSearchQuery("");
  EXPECT_EQ(countPixels(widget.grab().toImage(), kMatchColor), 0);
}

TEST_F(TimelineSearch, SelectingALaunchDrawsTheFlowAndJumpsToTheKernelAndBack) {
  const std::size_t api = laneOf(view::LaneKind::ApiCalls), s7 = laneOf(view::LaneKind::Kernels, 7);
  QSignalSpy flowChanged(&widget, &TimelineWidget::flowChanged);
  widget.fit();
  widget.selectItem({api, 0, 0}, false);
  ASSERT_TRUE(widget.flow().has_value());
  EXPECT_EQ(widget.flow()->operation, (view::ItemRef{s7, 0, 0}));
  ASSERT_GE(flowChanged.count(), 1);
  EXPECT_TRUE(flowChanged.last().at(0).toBool());
  EXPECT_TRUE(flowChanged.last().at(1).toBool());  // the selected end is the launch
  EXPECT_GT(countPixels(widget.grab().toImage(), kFlowColor), 30);  // both ends outlined, the arrow
  ASSERT_TRUE(widget.jumpAlongFlow());
  EXPECT_EQ(widget.selectedItem(), (view::ItemRef{s7, 0, 0}));
  EXPECT_FALSE(flowChanged.last().at(1).toBool());
  ASSERT_TRUE(widget.jumpAlongFlow());
  EXPECT_EQ(widget.selectedItem(), (view::ItemRef{api, 0, 0}));
  // Flows off: no arrow, nothing to jump along.
  widget.setFlowsShown(false);
  EXPECT_FALSE(widget.flow().has_value());
  EXPECT_FALSE(widget.jumpAlongFlow());
  EXPECT_EQ(countPixels(widget.grab().toImage(), kFlowColor), 0);
}

// docs/gui.md convention 9: hovering a launch shows its flow (lighter), without selecting anything.
TEST_F(TimelineSearch, HoveringALaunchShowsItsFlow) {
  const std::size_t api = laneOf(view::LaneKind::ApiCalls), s7 = laneOf(view::LaneKind::Kernels, 7);
  widget.showRange({0, 20'000});
  const auto& slot = widget.layout().row_slots[*view::slotOf(widget.layout(), api, 0)];
  view::TimeRange call = view::itemRange(model(), {api, 0, 0});
  QPoint over(widget.lanesLeft() + static_cast<int>(widget.viewport().toPx((call.start + call.end) / 2)),
              widget.lanesTop() + static_cast<int>(slot.y + slot.height / 2));
  auto tinted = [&](const QImage& image) {  // the lighter flow colour blended over the lanes
    int n = 0;
    for (int y = 0; y < image.height(); ++y) {
      for (int x = widget.lanesLeft(); x < image.width(); ++x) {
        QColor c = image.pixelColor(x, y);
        n += c.red() > 200 && c.green() < 190 && c.blue() > 180 && c.blue() < 235 ? 1 : 0;
      }
    }
    return n;
  };
  const int before = tinted(widget.grab().toImage());
  QTest::mouseMove(&widget, over);
  ASSERT_TRUE(widget.hoverFlow().has_value());
  EXPECT_EQ(widget.hoverFlow()->operation, (view::ItemRef{s7, 0, 0}));
  EXPECT_FALSE(widget.selectedItem().has_value());
  EXPECT_GT(tinted(widget.grab().toImage()), before + 20);
  // J takes the selection along the flow while the mouse stays: the hover and its tooltip, about the
  // launch that was under the mouse, go (issue 34, low: a stale tooltip after J).
  ASSERT_TRUE(widget.hovered().has_value());
  widget.selectItem({api, 0, 0}, false);
  ASSERT_TRUE(widget.jumpAlongFlow());
  EXPECT_FALSE(widget.hovered().has_value());
  EXPECT_FALSE(widget.hoverFlow().has_value());
  EXPECT_TRUE(testing::waitUntil([] { return !QToolTip::isVisible(); }));  // Qt hides it after a moment
}

// The window: `/` opens the bar with the keyboard in it, typing counts, Enter steps, Esc closes and
// clears the marks; J and the details button jump along a flow.
TEST(MainWindowSearch, SlashTypeEnterEscape) {
  MainWindow window{false};
  ASSERT_TRUE(testing::showWithKeyboard(window, launches()));
  QTest::keyClick(window.timeline(), Qt::Key_Slash);
  SearchBar* bar = window.searchBar();
  ASSERT_TRUE(bar->isVisible());
  ASSERT_TRUE(bar->edit()->hasFocus());
  QTest::keyClicks(bar->edit(), "gemm");
  QTest::keyClick(bar->edit(), Qt::Key_Return);
  EXPECT_EQ(window.timeline()->searchResult().count(), 4u);
  EXPECT_EQ(bar->positionText(), "1 / 4");
  QTest::keyClick(bar->edit(), Qt::Key_Return);
  EXPECT_EQ(bar->positionText(), "2 / 4");
  QTest::keyClick(bar->edit(), Qt::Key_Return, Qt::ShiftModifier);
  EXPECT_EQ(bar->positionText(), "1 / 4");
  // The selected match has a flow: the details panel offers the jump, and J takes it.
  EXPECT_TRUE(window.details()->flowButton()->isVisibleTo(window.details()));
  auto kernel = window.timeline()->selectedItem();
  QTest::keyClick(bar->edit(), Qt::Key_Escape);
  EXPECT_FALSE(bar->isVisible());
  EXPECT_FALSE(window.timeline()->searchResult().active());
  EXPECT_TRUE(window.timeline()->hasFocus());
  EXPECT_EQ(window.timeline()->selectedItem(), kernel);  // Esc in the bar left the selection alone
  QTest::keyClick(window.timeline(), Qt::Key_J);
  ASSERT_TRUE(window.timeline()->selectedItem());
  EXPECT_EQ(window.timeline()->document()->timeline->lanes()[window.timeline()->selectedItem()->lane].kind,
            view::LaneKind::ApiCalls);
  QTest::mouseClick(window.details()->flowButton(), Qt::LeftButton);
  EXPECT_EQ(window.timeline()->selectedItem(), kernel);
}

// Details shows what the trace says about the selected kernel: its own figures, then every argument
// (grid, block, registers, shared memory, occupancy), each once.
TEST(MainWindowDetails, ASelectedKernelShowsEveryArgumentOfTheTrace) {
  testing::TempDir dir;
  trace::Session session;
  io::importKinetoFile(dir.file("k.json", R"json({"traceEvents": [
    {"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 1, "tid": 1, "ts": 8, "dur": 1,
     "args": {"correlation": 3, "cbid": 211}},
    {"ph": "X", "cat": "kernel", "name": "sm90_gemm", "pid": 0, "tid": 7, "ts": 10, "dur": 5,
     "args": {"device": 0, "stream": 7, "correlation": 3, "grid": [132, 1, 1], "block": [384, 1, 1],
              "registers per thread": 168, "shared memory": 232448, "est. achieved occupancy %": 12}}]})json"),
                       session);
  MainWindow window{false};
  ASSERT_TRUE(testing::showWithKeyboard(window, testing::documentOf(std::move(session))));
  QTest::keyClick(window.timeline(), Qt::Key_Slash);
  QTest::keyClicks(window.searchBar()->edit(), "gemm");
  QTest::keyClick(window.searchBar()->edit(), Qt::Key_Return);
  ASSERT_TRUE(window.timeline()->selectedItem());
  const QString text = window.details()->text();
  for (const char* line : {"grid: [132, 1, 1]", "block: [384, 1, 1]", "registers per thread: 168",
                           "shared memory: 232448", "est. achieved occupancy %: 12", "correlation: 3"}) {
    EXPECT_TRUE(text.contains(QString::fromUtf8(line))) << line << "\n" << text.toStdString();
  }
  EXPECT_EQ(text.count(QStringLiteral("correlation:")), 1);
}

}  // namespace
}  // namespace feedscope::ui
