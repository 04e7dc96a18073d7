// Right-click on the timeline (docs/gui.md convention 3): zoom to / copy the item under the cursor, zoom
// into and export the selected range; a range export cuts the runs to the range and writes them with
// the usual exporters; the PNG holds every lane.
#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QMenu>
#include <QSignalSpy>
#include <QTest>
#include <nlohmann/json.hpp>

#include "support/run_fixture.h"
#include "support/temp_dir.h"
#include "ui/exporters.h"
#include "ui/range_export.h"
#include "ui/timeline_widget.h"
#include "ui_fixture.h"

namespace feedscope::ui {
namespace {

using testing::RunFixture;

std::shared_ptr<Document> three() {
  RunFixture f;
  f.kernel(0, 10'000, 7, 0, 0, "gemm");
  f.kernel(20'000, 30'000, 7, 0, 0, "relu");
  f.kernel(40'000, 50'000, 7, 0, 0, "gemm");
  f.h2d(12'000, 18'000, 1 << 20, trace::MemoryKind::Pinned, 9);
  return testing::documentOf(f.finish());
}

QAction* findAction(QMenu& menu, const QString& startsWith) {
  for (QAction* a : menu.findChildren<QAction*>()) {
    if (a->text().startsWith(startsWith)) return a;
  }
  return nullptr;
}

struct MenuFixture : ::testing::Test {
  TimelineWidget widget;
  void SetUp() override {
    widget.resize(1200, 400);
    widget.setDocument(three());
    widget.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
  }
  QPoint at(double displayNs, view::LaneKind kind) {
    for (const auto& s : widget.layout().row_slots) {
      if (widget.document()->timeline->lanes()[s.lane].kind == kind)
        return {widget.lanesLeft() + static_cast<int>(widget.viewport().toPx(displayNs)),
                widget.lanesTop() + static_cast<int>(s.y + s.height / 2)};
    }
    ADD_FAILURE() << "no lane";
    return {};
  }
};

TEST_F(MenuFixture, OnAnItemItZoomsToItAndCopiesItsNameAndDuration) {
  QMenu menu;
  widget.fillContextMenu(menu, at(25'000, view::LaneKind::Kernels));
  QAction* zoom = findAction(menu, "Zoom to relu");
  ASSERT_NE(zoom, nullptr);
  ASSERT_NE(findAction(menu, "Copy name"), nullptr);
  findAction(menu, "Copy name")->trigger();
  EXPECT_EQ(QApplication::clipboard()->text(), "relu");
  QAction* duration = findAction(menu, "Copy duration");
  ASSERT_NE(duration, nullptr);
  EXPECT_EQ(duration->text(), "Copy duration (10.0 µs)");
  duration->trigger();
  EXPECT_EQ(QApplication::clipboard()->text(), "10.0 µs");
  zoom->trigger();
  ASSERT_TRUE(widget.selectedItem());
  EXPECT_NEAR(widget.viewport().visible().start, 10'000, 1);  // the 10 µs kernel with 10 µs each side
  EXPECT_NEAR(widget.viewport().visible().end, 40'000, 1);
}

TEST_F(MenuFixture, OnASelectionItZoomsAndOffersTheRangeExports) {
  widget.selectRange(view::TimeRange{15'000, 35'000});
  QMenu menu;
  widget.fillContextMenu(menu, at(5'000, view::LaneKind::CopyH2D));  // empty space of a lane
  EXPECT_EQ(findAction(menu, "Zoom to"), nullptr);
  QAction* zoom = findAction(menu, "Zoom into selection");
  ASSERT_NE(zoom, nullptr);
  QSignalSpy exportAsked(&widget, &TimelineWidget::exportRangeRequested);
  for (const char* label : {"PNG", "HTML", "Chrome"}) {
    QAction* a = findAction(menu, label);
    ASSERT_NE(a, nullptr) << label;
    a->trigger();
  }
  ASSERT_EQ(exportAsked.count(), 3);
  EXPECT_EQ(exportAsked.at(0).at(1).toString(), "png");
  EXPECT_EQ(exportAsked.at(1).at(1).toString(), "html");
  EXPECT_EQ(exportAsked.at(2).at(1).toString(), "chrome");
  EXPECT_EQ(exportAsked.at(2).at(0).value<view::TimeRange>(), (view::TimeRange{15'000, 35'000}));
  zoom->trigger();
  EXPECT_NEAR(widget.viewport().visible().start, 15'000, 1);
  EXPECT_NEAR(widget.viewport().visible().end, 35'000, 1);
}

// docs/gui.md convention 4: a lane's name has its own menu: hide, pin to the top, move; a click on a run's
// name folds the run to its header.
TEST_F(MenuFixture, LaneMenuHidesPinsAndMovesLanesAndARunFolds) {
  const auto& lanes = widget.document()->timeline->lanes();
  std::size_t kernels = 0, h2d = 0;
  for (std::size_t l = 0; l < lanes.size(); ++l) {
    if (lanes[l].kind == view::LaneKind::Kernels) kernels = l;
    if (lanes[l].kind == view::LaneKind::CopyH2D) h2d = l;
  }
  {
    QMenu menu;
    widget.fillLaneMenu(menu, kernels);
    menu.findChild<QAction*>("menuHideLane")->trigger();
  }
  EXPECT_EQ(widget.layout().placementOf(kernels), nullptr);
  {
    QMenu menu;
    widget.fillLaneMenu(menu, h2d);
    QAction* show = menu.findChild<QAction*>("menuShowHidden");
    ASSERT_NE(show, nullptr);
    EXPECT_EQ(show->text(), "Show 1 hidden lane(s)");
    show->trigger();
  }
  ASSERT_NE(widget.layout().placementOf(kernels), nullptr);
  {
    QMenu menu;
    widget.fillLaneMenu(menu, h2d);
    menu.findChild<QAction*>("menuPinLane")->trigger();
  }
  ASSERT_FALSE(widget.layout().lanes.empty());
  EXPECT_EQ(widget.layout().lanes.front().lane, h2d);
  EXPECT_TRUE(widget.layout().lanes.front().pinned);
  {
    QMenu menu;
    widget.fillLaneMenu(menu, kernels);
    menu.findChild<QAction*>("menuMoveUp")->trigger();  // above the starvation lane
  }
  EXPECT_EQ(widget.layout().lanes[1].lane, kernels);  // after the pinned H2D lane
  // A click on the run's name folds it: only pinned lanes and the header remain.
  const auto& header = widget.layout().runs.front();
  QTest::mouseClick(&widget, Qt::LeftButton, Qt::NoModifier,
                    QPoint(30, widget.lanesTop() + static_cast<int>(header.y + header.height / 2)));
  EXPECT_TRUE(widget.layout().runs.front().collapsed);
  EXPECT_EQ(widget.layout().lanes.size(), 1u);
  // The painter still draws (not blank): the header band and the pinned lane.
  QImage image = widget.grab().toImage();
  int h2dPixels = 0;
  const QRgb pinnedCopy = QColor(0xd8, 0x45, 0x2c).rgb();
  for (int y = 0; y < image.height(); ++y) {
    for (int x = widget.lanesLeft(); x < image.width(); ++x) h2dPixels += image.pixel(x, y) == pinnedCopy ? 1 : 0;
  }
  EXPECT_GT(h2dPixels, 20);
}

// A process collapses to one band from its lane's menu, and a click on the band opens it again.
TEST(LaneMenu, AProcessCollapsesToABandAndOpensOnAClick) {
  RunFixture f;
  f.kernel(0, 1000);
  f.api("cudaLaunchKernel", 0, 100, 1);
  f.host(trace::IntervalKind::Range, "forward", 0, 900);
  TimelineWidget widget;
  widget.resize(1000, 400);
  widget.setDocument(testing::documentOf(f.finish()));
  widget.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&widget));
  std::size_t api = 0;
  const auto& lanes = widget.document()->timeline->lanes();
  while (lanes[api].kind != view::LaneKind::ApiCalls) ++api;
  const std::size_t shown = widget.layout().lanes.size();
  {
    QMenu menu;
    widget.fillLaneMenu(menu, api);
    QAction* collapse = menu.findChild<QAction*>("menuCollapseProcess");
    ASSERT_NE(collapse, nullptr);
    EXPECT_EQ(collapse->text(), "Collapse process 100");
    collapse->trigger();
  }
  ASSERT_EQ(widget.layout().processes.size(), 1u);
  EXPECT_EQ(widget.layout().processes[0].lane_count, 2u);  // its CUDA calls and its ranges
  EXPECT_EQ(widget.layout().lanes.size(), shown - 2);
  const auto& band = widget.layout().processes[0];
  QTest::mouseClick(&widget, Qt::LeftButton, Qt::NoModifier,
                    QPoint(40, widget.lanesTop() + static_cast<int>(band.y + band.height / 2)));
  EXPECT_TRUE(widget.layout().processes.empty());
  EXPECT_EQ(widget.layout().lanes.size(), shown);
}

TEST(RangeExport, CutsEveryRunToTheRangeAndTheExportersWriteIt) {
  auto doc = three();
  auto cut = documentOfRange(*doc, {15'000, 45'000});
  // The copy's end (15-18 µs), relu whole, the second gemm's first half; the first gemm is outside.
  ASSERT_EQ(cut->runs.size(), 1u);
  EXPECT_EQ(cut->run(0).intervalCount(), 3u);
  ASSERT_TRUE(cut->timeline);
  EXPECT_EQ(cut->analyses[0].run_name, "run");
  // The second gemm is clipped at the range's end: 5 µs of its 10.
  bool clippedGemm = false;
  for (const auto& track : cut->run(0).tracks) {
    const auto& c = track.intervals;
    for (std::size_t i = 0; i < c.size(); ++i) {
      if (cut->strings(0).get(c.name[i]) == "gemm") clippedGemm = c.end_ns[i] - c.start_ns[i] == 5'000;
    }
  }
  EXPECT_TRUE(clippedGemm);
  testing::TempDir dir;
  const std::string path = dir.file("range.json");
  findExportFormat("chrome")->write(*cut, path);
  const std::string text = testing::readWholeFile(path);
  ASSERT_TRUE(nlohmann::json::accept(text));
  EXPECT_NE(text.find("relu"), std::string::npos);
}

TEST(RangeExport, TheImageHoldsEveryLaneAndIsNotBlank) {
  auto doc = three();
  QImage image = renderTimelineImage(*doc, {0, 50'000}, 1000, {}, QApplication::palette());
  const auto layout = view::layoutLanes(*doc->timeline, view::defaultCollapsed(*doc->timeline));
  EXPECT_GE(image.height(), 26 + static_cast<int>(layout.height));
  const QRgb kernel = QColor(0x3f, 0x7f, 0xd9).rgb();
  int kernelPixels = 0;
  for (int y = 0; y < image.height(); ++y) {
    for (int x = 230; x < image.width(); ++x) kernelPixels += image.pixel(x, y) == kernel ? 1 : 0;
  }
  EXPECT_GT(kernelPixels, 1000);
}

}  // namespace
}  // namespace feedscope::ui
