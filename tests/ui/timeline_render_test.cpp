// A synthetic session painted to an image: boxes, hatched pageable copies, the starvation lane and
// folded columns land where they should, in the colours they should (pixel checks).
#include <gtest/gtest.h>

#include <QImage>
#include <QPainter>
#include <cstdlib>

#include "support/run_fixture.h"
#include "ui/timeline_painter.h"
#include "ui_fixture.h"
#include "present/palette.h"
#include "view/draw_list.h"
#include "view/lane_layout.h"

namespace feedscope::ui {
namespace {

using testing::RunFixture;

constexpr int kLabel = 230;
constexpr int kRuler = 26;
constexpr int kWidth = kLabel + 1000;
constexpr int kHeight = 420;

TimelineTheme plainTheme() {
  TimelineTheme t;
  t.background = Qt::white;
  t.alternate = QColor(0xf4, 0xf4, 0xf4);
  t.header = QColor(0xe0, 0xe0, 0xe0);
  t.text = Qt::black;
  t.dim_text = QColor(0x60, 0x60, 0x60);
  t.grid = QColor(0, 0, 0, 0);  // no grid lines, so they never land on a checked pixel
  t.selection = QColor(0, 0, 255, 60);
  t.highlight = Qt::black;
  return t;
}

struct Rendered {
  std::shared_ptr<Document> doc;
  view::LaneLayout layout;
  view::Viewport viewport;
  view::DrawList list;
  QImage image{kWidth, kHeight, QImage::Format_RGB32};

  // `collapsed`: every lane with nested rows in one strip, as the window first shows them.
  Rendered(trace::Session session, view::TimeRange range, bool collapsed = false,
           const TimelineTheme& theme = plainTheme())
      : doc(testing::documentOf(std::move(session))) {
    layout = view::layoutLanes(*doc->timeline,
                               collapsed ? view::defaultCollapsed(*doc->timeline) : std::vector<bool>{});
    viewport.setWidth(kWidth - kLabel);
    viewport.setContent(doc->timeline->contentRange());
    viewport.showRange(range);
    list = view::buildDrawList(*doc->timeline, layout, viewport, 0, kHeight - kRuler);
    QPainter p(&image);
    TimelineFrame frame;
    frame.model = doc->timeline.get();
    frame.layout = &layout;
    frame.list = &list;
    frame.viewport = &viewport;
    frame.label_width = kLabel;
    frame.ruler_height = kRuler;
    paintTimeline(p, image.size(), frame, theme);
  }

  // Image y of the middle (or `fromBottom` px above the painted bottom) of a lane's first strip.
  const view::SlotPlacement& strip(view::LaneKind kind, std::int64_t stream = -1) const {
    for (const auto& s : layout.row_slots) {
      const auto& lane = doc->timeline->lanes()[s.lane];
      if (lane.kind == kind && (stream < 0 || lane.stream == stream)) return s;
    }
    throw std::runtime_error("no such lane");
  }
  int midY(const view::SlotPlacement& s) const { return kRuler + static_cast<int>(s.y + s.height / 2); }
  QColor at(int viewX, int imageY) const { return image.pixelColor(kLabel + viewX, imageY); }
};

QColor rgb(view::Rgb c) {
  return toQColor(c);
}

TEST(TimelineRender, BoxesCopiesAndStarvationAreDrawnInTheirColours) {
  RunFixture f;
  f.kernel(0, 1000);
  f.h2d(1000, 2000, 1 << 20, trace::MemoryKind::Pageable);
  f.kernel(2000, 3000);
  Rendered r(f.finish(), {0, 3000});  // 3 ns per pixel: kernel [0,333), copy [333,667), kernel [667,1000)

  const auto& kernels = r.strip(view::LaneKind::Kernels);
  EXPECT_EQ(r.at(100, r.midY(kernels)), rgb(view::palette::kKernel));
  EXPECT_EQ(r.at(900, r.midY(kernels)), rgb(view::palette::kKernel));
  EXPECT_NE(r.at(500, r.midY(kernels)), rgb(view::palette::kKernel));  // the gap

  // The pageable copy: its colour with a hatch over it (some pixels lighter).
  const auto& copies = r.strip(view::LaneKind::CopyH2D);
  int base = 0, other = 0;
  for (int x = 350; x < 650; ++x) {
    QColor c = r.at(x, r.midY(copies));
    if (c == rgb(view::palette::kH2dPageable)) {
      ++base;
    } else if (c.lightness() > rgb(view::palette::kH2dPageable).lightness()) {
      ++other;
    }
  }
  EXPECT_GT(base, 100);
  EXPECT_GT(other, 10);
  EXPECT_NE(r.at(100, r.midY(copies)), rgb(view::palette::kH2dPageable));  // no copy before it

  // Starvation: the copy-wait gap in its cause colour, nothing where kernels run.
  const auto& starvation = r.strip(view::LaneKind::Starvation);
  EXPECT_EQ(r.at(500, r.midY(starvation)), rgb(view::palette::kCopyWaitPageable));
  QColor busy = r.at(100, r.midY(starvation));
  EXPECT_NE(busy, rgb(view::palette::kCopyWaitPageable));
  EXPECT_TRUE(busy == QColor(Qt::white) || busy == QColor(0xf4, 0xf4, 0xf4)) << busy.name().toStdString();

  // Lane names and ruler labels are written (not blank).
  int dark = 0;
  for (int y = r.midY(kernels) - 5; y < r.midY(kernels) + 5; ++y) {
    for (int x = 0; x < kLabel; ++x) dark += r.image.pixelColor(x, y).lightness() < 128 ? 1 : 0;
  }
  EXPECT_GT(dark, 20);
  int rulerInk = 0;
  for (int x = kLabel; x < kWidth; ++x)
    rulerInk += r.image.pixelColor(x, kRuler / 2).lightness() < 128 ? 1 : 0;
  EXPECT_GT(rulerInk, 10);
}

// Adjacent steps stay two bars when fitted: the second begins with a darker line, and neither loses a
// column to the background (a gap would make a busy lane read idle, issue 34 item 3).
TEST(TimelineRender, AdjacentStepsAreSeparated) {
  RunFixture f;
  f.step(0, 1000, 6);
  f.step(1000, 2000, 7);
  f.kernel(0, 2000);
  Rendered r(f.finish(), {0, 2000});  // 2 ns per pixel: the steps meet at x = 500
  const auto& steps = r.strip(view::LaneKind::Steps);
  const QColor step = rgb(view::palette::kStep);
  EXPECT_EQ(r.at(250, r.midY(steps)), step);
  EXPECT_EQ(r.at(750, r.midY(steps)), step);
  EXPECT_EQ(r.at(499, r.midY(steps)), step);  // the first step to its last column
  EXPECT_LT(r.at(500, r.midY(steps)).lightness(), step.lightness());  // the second's first line
  EXPECT_EQ(r.at(501, r.midY(steps)), step);
}

// Zoomed out, a collapsed lane of overlapping kernels reads at the busy share of their union: the
// strong ink in each column's strip, counted in pixels, against the union computed here (issue 34,
// item 3; before, row 1's faint band hid row 0's bar and the lane read 9 % busy where kernels ran 69 %).
TEST(TimelineRender, ACollapsedBusyLaneReadsAtItsUnionsShare) {
  RunFixture f;
  // Per 1000 ns: a kernel [0, 500) and one [300, 700) beside it: 70 % busy, 20 % of it doubly.
  for (int k = 0; k < 400; ++k) {
    f.kernel(1000 * k, 1000 * k + 500);
    f.kernel(1000 * k + 300, 1000 * k + 700);
  }
  Rendered r(f.finish(), {0, 400'000}, /*collapsed=*/true);  // 400 ns per pixel: columns are 0.4 periods
  const auto& s = r.strip(view::LaneKind::Kernels);
  const int bottom = kRuler + static_cast<int>(s.y + s.height) - 2;
  const int usable = static_cast<int>(s.height) - 2;
  const QColor strong = rgb(view::palette::kKernel);
  double inked = 0;
  for (int x = 0; x < 1000; ++x) {
    int column = 0;
    for (int y = bottom; y > bottom - usable; --y) column += r.at(x, y) == strong ? 1 : 0;
    inked += static_cast<double>(column) / usable;
  }
  EXPECT_NEAR(inked / 1000, 0.70, 0.03);
}

TEST(TimelineRender, FoldedColumnsReadAsAUtilisationChart) {
  RunFixture f;
  for (int k = 0; k < 600; ++k) f.kernel(100 * k, 100 * k + 10);
  f.kernel(99'990, 100'000);             // after a 40 µs gap, so the content reaches 100 µs
  Rendered r(f.finish(), {0, 100'000});  // 100 ns per pixel: columns 0..599 are 10 % busy
  const auto& s = r.strip(view::LaneKind::Kernels);
  // Bottom of the strip: painted bottom is one pixel above its end; usable height is 2 px less.
  const int bottom = kRuler + static_cast<int>(s.y + s.height) - 2;
  const int usable = static_cast<int>(s.height) - 2;
  const int meanPx = std::max(1, static_cast<int>(std::lround(0.1 * usable)));
  QColor strong = rgb(view::palette::kKernel);
  QColor light = rgb(present::peakShade(view::palette::kKernel));
  for (int x : {5, 250, 599}) {
    // The mean in the strong colour from the bottom; above it, up to the top, the faint band that
    // says something ran in this pixel.
    EXPECT_EQ(r.at(x, bottom), strong) << x;
    EXPECT_EQ(r.at(x, bottom - meanPx), light) << x;
    EXPECT_EQ(r.at(x, bottom - usable + 1), light) << x;
  }
  // Nothing ran between 60 µs and 99.99 µs: no ink.
  for (int x : {650, 800, 990}) {
    QColor c = r.at(x, bottom);
    EXPECT_NE(c, strong) << x;
    EXPECT_NE(c, light) << x;
  }
}

TEST(TimelineRender, OnADarkBackgroundTheFaintBandIsDimmerThanTheBar) {
  TimelineTheme dark = plainTheme();
  dark.background = QColor(0x1e, 0x1f, 0x22);
  dark.alternate = dark.background.lighter(118);
  dark.header = dark.background.lighter(150);
  dark.dark = true;
  RunFixture f;
  for (int k = 0; k < 600; ++k) f.kernel(100 * k, 100 * k + 10);
  f.kernel(99'990, 100'000);
  Rendered r(f.finish(), {0, 100'000}, false, dark);
  const auto& s = r.strip(view::LaneKind::Kernels);
  const int bottom = kRuler + static_cast<int>(s.y + s.height) - 2;
  const int usable = static_cast<int>(s.height) - 2;
  const QColor strong = rgb(view::palette::kKernel);
  const QColor faint = faintShade(view::palette::kKernel, dark);
  EXPECT_EQ(r.at(250, bottom), strong);
  EXPECT_EQ(r.at(250, bottom - usable + 1), faint);
  // Between the background and the bar, never brighter than the bar (mixed with white it would be).
  EXPECT_LT(faint.lightness(), strong.lightness());
  EXPECT_GT(faint.lightness(), dark.background.lightness());
  EXPECT_EQ(faintShade(view::palette::kKernel, plainTheme()),
            rgb(present::peakShade(view::palette::kKernel)));
}

}  // namespace
}  // namespace feedscope::ui

namespace feedscope::ui {
namespace {

TEST(TimelineRender, ACollapsedLaneNamesItsOuterRangeOverTheNestedOnes) {
  RunFixture f;
  f.kernel(0, 3000);
  // "outer step range" spans the view; a nested range lies where the outer one's name is written.
  f.host(trace::IntervalKind::Range, "outer step range", 0, 3000);
  f.host(trace::IntervalKind::Range, "nested", 60, 120);
  Rendered r(f.finish(), {0, 3000}, /*collapsed=*/true);  // 3 ns per pixel: nested at x 20..40
  const auto* lane = [&]() -> const view::LanePlacement* {
    for (const auto& lp : r.layout.lanes) {
      if (r.doc->timeline->lanes()[lp.lane].kind == view::LaneKind::Ranges) return &lp;
    }
    return nullptr;
  }();
  ASSERT_NE(lane, nullptr);
  ASSERT_TRUE(lane->collapsed);
  ASSERT_EQ(lane->slot_count, 2u);
  const auto& outer = r.layout.row_slots[lane->first_slot];
  const auto& nested = r.layout.row_slots[lane->first_slot + 1];
  ASSERT_EQ(outer.y, nested.y);  // one strip
  // The nested box is drawn (its colour shows at its middle, below the text's height)...
  const QColor nestedColor = rgb(present::nameColor("nested"));
  const int top = kRuler + static_cast<int>(outer.y);
  EXPECT_EQ(r.at(30, top + 1), nestedColor);
  // ...and the outer range's name is written over it: text pixels, in the colour the painter picks for
  // the outer box, appear inside the nested box.
  const QColor outerColor = rgb(present::nameColor("outer step range"));
  const QColor pen = outerColor.lightness() > 150 ? QColor(20, 20, 20) : QColor(250, 250, 250);
  ASSERT_GT(std::abs(nestedColor.lightness() - pen.lightness()), 60);  // text tells apart from the fill
  int text = 0;
  for (int x = 21; x < 39; ++x) {
    for (int y = top + 2; y < top + static_cast<int>(outer.height) - 2; ++y) {
      QColor c = r.at(x, y);
      if (std::abs(c.lightness() - pen.lightness()) < 40) ++text;
    }
  }
  EXPECT_GT(text, 5);
}

// A box named "__next__" shows its underscores (issue 34, low: they were clipped to "  next"): the
// text's pen colour appears under the first two characters, where only the underscores are drawn.
TEST(TimelineRender, UnderscoresInABoxLabelAreDrawn) {
  RunFixture f;
  f.kernel(0, 3000);
  f.host(trace::IntervalKind::Range, "__next__", 0, 3000);
  Rendered r(f.finish(), {0, 3000});
  const auto& ranges = r.strip(view::LaneKind::Ranges);
  const QColor fill = rgb(present::nameColor("__next__"));
  const QColor pen = fill.lightness() > 150 ? QColor(20, 20, 20) : QColor(250, 250, 250);
  const QFontMetrics metrics(QFont{});
  const int underscores = metrics.horizontalAdvance("__");
  ASSERT_GT(std::abs(fill.lightness() - pen.lightness()), 60);  // the text tells apart from the box
  int ink = 0;
  // The box's text starts 3 px in; it must show inside the box (drawn below it, white on the white
  // lane background, it would not be seen).
  const int top = kRuler + static_cast<int>(ranges.y) + 1;
  for (int x = 3; x < 3 + underscores - 1; ++x) {
    for (int y = top; y < top + static_cast<int>(ranges.height) - 2; ++y) {
      if (std::abs(r.at(x, y).lightness() - pen.lightness()) < 50) ++ink;
    }
  }
  EXPECT_GE(ink, underscores - 2) << "no underscore under the first two characters";
}

}  // namespace
}  // namespace feedscope::ui
