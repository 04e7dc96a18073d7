// M, `,` and `.` as a user presses them (docs/gui.md convention 2): `.` and `,` walk the selected
// kernel's lane and keep it in view, M marks the selection with a band and a flag on the ruler and M
// again removes it, and `?` lists the three keys.
#include <gtest/gtest.h>

#include <QImage>
#include <QTest>

#include "support/run_fixture.h"
#include "ui/main_window.h"
#include "ui/timeline_painter.h"
#include "ui/timeline_widget.h"
#include "ui_fixture.h"
#include "view/item_ref.h"

namespace feedscope::ui {
namespace {

using testing::RunFixture;

// Five kernels 10 µs long, 20 µs apart, on stream 7; one on stream 8 in between.
std::shared_ptr<Document> fiveKernels() {
  RunFixture f;
  for (int k = 0; k < 5; ++k) f.kernel(20'000 * k + 5'000, 20'000 * k + 15'000, 7, 0, 0, "k" + std::to_string(k));
  f.kernel(16'000, 18'000, 8, 0, 0, "other");
  return testing::documentOf(f.finish());
}

struct MarksAndSteps : ::testing::Test {
  MainWindow window{false};
  TimelineWidget* timeline = nullptr;
  void SetUp() override {
    ASSERT_TRUE(testing::showWithKeyboard(window, fiveKernels()));
    timeline = window.timeline();
  }
  std::size_t stream7() const {
    const auto& lanes = timeline->document()->timeline->lanes();
    for (std::size_t l = 0; l < lanes.size(); ++l) {
      if (lanes[l].kind == view::LaneKind::Kernels && lanes[l].stream == 7) return l;
    }
    ADD_FAILURE() << "no kernel lane of stream 7";
    return 0;
  }
  view::TimeRange selectedRange() const {
    return view::itemRange(*timeline->document()->timeline, *timeline->selectedItem());
  }
  bool inView(view::TimeRange r) const {
    const auto shown = timeline->viewport().visible();
    return r.start >= shown.start && r.end <= shown.end;
  }
};

TEST_F(MarksAndSteps, PeriodAndCommaWalkTheLaneAndKeepTheSelectionInView) {
  const std::size_t lane = stream7();
  timeline->selectItem({lane, 0, 0}, false);
  // Zoomed in on the first kernel: the later ones are off screen.
  timeline->showRange(selectedRange());
  for (std::size_t k = 1; k < 5; ++k) {
    QTest::keyClick(timeline, Qt::Key_Period);
    ASSERT_TRUE(timeline->selectedItem());
    EXPECT_EQ(timeline->selectedItem()->lane, lane) << "never the other stream's kernel";
    EXPECT_EQ(timeline->selectedItem()->item, k);
    EXPECT_TRUE(inView(selectedRange())) << k;
  }
  QTest::keyClick(timeline, Qt::Key_Period);  // the last one: stays
  EXPECT_EQ(timeline->selectedItem()->item, 4u);
  QTest::keyClick(timeline, Qt::Key_Comma);
  QTest::keyClick(timeline, Qt::Key_Comma);
  EXPECT_EQ(timeline->selectedItem()->item, 2u);
  EXPECT_TRUE(inView(selectedRange()));
}

TEST_F(MarksAndSteps, MMarksTheSelectedKernelAndMAgainRemovesTheMark) {
  const std::size_t lane = stream7();
  timeline->selectItem({lane, 0, 2}, false);
  const view::TimeRange kernel = selectedRange();
  QTest::keyClick(timeline, Qt::Key_M);
  ASSERT_EQ(timeline->timeMarks().all().size(), 1u);
  EXPECT_EQ(timeline->timeMarks().all()[0].range, kernel);
  // The mark stays when the selection moves on, and shows as a flag in its colour on the ruler.
  QTest::keyClick(timeline, Qt::Key_Period);
  EXPECT_EQ(timeline->timeMarks().all().size(), 1u);
  const QImage image = timeline->grab().toImage();
  const double dpr = image.devicePixelRatio();
  const int x = timeline->lanesLeft() + static_cast<int>(timeline->viewport().toPx((kernel.start + kernel.end) / 2));
  const int y = timeline->lanesTop() - 2;
  EXPECT_EQ(image.pixelColor(static_cast<int>(x * dpr), static_cast<int>(y * dpr)).rgb(),
            toQColor(timeline->timeMarks().all()[0].color).rgb());
  // Back on it, M removes it.
  QTest::keyClick(timeline, Qt::Key_Comma);
  QTest::keyClick(timeline, Qt::Key_M);
  EXPECT_TRUE(timeline->timeMarks().empty());
}

TEST_F(MarksAndSteps, WithoutAnIntervalMMarksTheSelectedRange) {
  QTest::keyClick(timeline, Qt::Key_M);  // nothing selected: nothing marked
  EXPECT_TRUE(timeline->timeMarks().empty());
  timeline->selectRange(view::TimeRange{30'000, 52'000});
  QTest::keyClick(timeline, Qt::Key_M);
  ASSERT_EQ(timeline->timeMarks().all().size(), 1u);
  EXPECT_EQ(timeline->timeMarks().all()[0].range, (view::TimeRange{30'000, 52'000}));
  // A new document starts without marks.
  timeline->setDocument(fiveKernels());
  EXPECT_TRUE(timeline->timeMarks().empty());
}

TEST_F(MarksAndSteps, MMarksWhatWasSelectedLastTheIntervalOrTheRange) {
  const std::size_t lane = stream7();
  timeline->selectItem({lane, 0, 1}, false);
  const view::TimeRange kernel = selectedRange();
  // A range dragged after the click is what M marks.
  const int y = timeline->lanesTop() + 4;
  QTest::mousePress(timeline, Qt::LeftButton, Qt::NoModifier, QPoint(timeline->lanesLeft() + 600, y));
  QTest::mouseMove(timeline, QPoint(timeline->lanesLeft() + 700, y));
  QTest::mouseRelease(timeline, Qt::LeftButton, Qt::NoModifier, QPoint(timeline->lanesLeft() + 700, y));
  ASSERT_TRUE(timeline->viewport().selection());
  const view::TimeRange range = *timeline->viewport().selection();
  QTest::keyClick(timeline, Qt::Key_M);
  ASSERT_EQ(timeline->timeMarks().all().size(), 1u);
  EXPECT_EQ(timeline->timeMarks().all()[0].range, range);
  // An interval selected after the range is what M marks next.
  timeline->selectItem({lane, 0, 3}, false);
  QTest::keyClick(timeline, Qt::Key_M);
  ASSERT_EQ(timeline->timeMarks().all().size(), 2u);
  EXPECT_EQ(timeline->timeMarks().all()[1].range, selectedRange());
  EXPECT_NE(timeline->timeMarks().all()[1].range, kernel);
}

TEST(MarksHelp, TheQuestionMarkListsMarkAndStepKeys) {
  const QString help = MainWindow::shortcutsText();
  EXPECT_TRUE(help.contains("<b>M</b>")) << help.toStdString();
  EXPECT_TRUE(help.contains("<b>,</b> / <b>.</b>"));
  EXPECT_TRUE(help.contains("Drag a lane name"));
  EXPECT_TRUE(help.contains("A/B baseline"));
}

}  // namespace
}  // namespace feedscope::ui
