// Per-pixel folding on inputs with known answers, and against brute force on random rows.
#include "present/causes.h"
#include "view/draw_list.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "analysis/coverage.h"
#include "view/model_fixture.h"

namespace feedscope::view {
namespace {

using testing::AnalysedModel;
using testing::kBase;
using testing::RunFixture;

// 1000 kernels of 10 ns, one every 100 ns, on stream 7; one long kernel on stream 8.
trace::Session comb() {
  RunFixture f;
  for (int k = 0; k < 1000; ++k) f.kernel(100 * k, 100 * k + 10);
  f.kernel(50, 90'000, 8);
  return f.finish();
}

Viewport viewOf(const TimelineModel& model, TimeRange range, double width = 1000) {
  Viewport v;
  v.setWidth(width);
  v.setContent(model.contentRange());
  v.showRange(range);
  return v;
}

std::size_t slotOf(const LaneLayout& layout, std::size_t lane, std::size_t row = 0) {
  for (std::size_t s = 0; s < layout.row_slots.size(); ++s) {
    if (layout.row_slots[s].lane == lane && layout.row_slots[s].row == row) return s;
  }
  ADD_FAILURE() << "no slot";
  return 0;
}

TEST(DrawList, SubPixelIntervalsFoldIntoColumnsThatKnowTheirCountAndBusyShare) {
  AnalysedModel m(comb());
  LaneLayout layout = layoutLanes(*m.model, {});
  Viewport v = viewOf(*m.model, {0, 100'000});  // 100 ns per pixel: each kernel is 0.1 px
  DrawOptions quarters;
  quarters.peak_parts = 4;
  DrawList list = buildDrawList(*m.model, layout, v, 0, layout.height, quarters);
  std::size_t slot = slotOf(layout, m.lane(LaneKind::Kernels, 7));
  ItemRange folds = list.slot_folds[slot];
  ASSERT_EQ(folds.end - folds.begin, 1u);
  EXPECT_EQ(list.slot_boxes[slot].end - list.slot_boxes[slot].begin, 0u);
  const DrawFold& fold = list.folds[folds.begin];
  EXPECT_EQ(fold.x0, 0);
  EXPECT_EQ(fold.x1, 1000);
  EXPECT_EQ(fold.count, 1000u);
  EXPECT_EQ(fold.first_item, 0u);
  EXPECT_EQ(fold.end_item, 1000u);
  EXPECT_EQ(fold.color, palette::kKernel);
  for (int x : {0, 1, 500, 999}) {
    const FoldColumn& c = list.column(fold, x);
    EXPECT_EQ(c.count, 1u) << x;
    EXPECT_EQ(c.first_item, static_cast<std::uint32_t>(x)) << x;
    EXPECT_NEAR(c.mean, 0.1, 1e-6) << x;  // 10 ns of 100
    EXPECT_NEAR(c.peak, 0.4, 1e-6) << x;  // 10 ns of the first 25
  }
  // By default the peak is the busy signal's maximum: 1 wherever anything ran.
  DrawList plain = buildDrawList(*m.model, layout, v, 0, layout.height);
  const DrawFold& plainFold = plain.folds[plain.slot_folds[slot].begin];
  EXPECT_NEAR(plain.column(plainFold, 500).mean, 0.1, 1e-6);
  EXPECT_EQ(plain.column(plainFold, 500).peak, 1.0f);
  // The long kernel on stream 8 is one box across the view.
  std::size_t longSlot = slotOf(layout, m.lane(LaneKind::Kernels, 8));
  ASSERT_EQ(list.slot_boxes[longSlot].end - list.slot_boxes[longSlot].begin, 1u);
  EXPECT_NEAR(list.boxes[list.slot_boxes[longSlot].begin].x0, 0.5, 1e-9);
  EXPECT_NEAR(list.boxes[list.slot_boxes[longSlot].begin].x1, 900, 1e-9);
}

TEST(DrawList, StarvationColumnsStackByCause) {
  AnalysedModel m(comb());
  LaneLayout layout = layoutLanes(*m.model, {});
  Viewport v = viewOf(*m.model, {20'000, 120'000});
  DrawList list = buildDrawList(*m.model, layout, v, 0, layout.height);
  // Between 20 µs and 90 µs the long kernel keeps compute busy: no starvation; after it 90 % is idle.
  std::size_t lane = m.lane(LaneKind::Starvation);
  double idleShare = 0;
  for (std::size_t row = 0; row < present::kCauseGroupCount; ++row) {
    std::size_t slot = slotOf(layout, lane, row);
    for (std::uint32_t f = list.slot_folds[slot].begin; f < list.slot_folds[slot].end; ++f) {
      const DrawFold& fold = list.folds[f];
      EXPECT_GE(fold.x0, 700) << "starvation drawn where the long kernel runs";
      if (fold.x0 <= 750 && fold.x1 > 750) idleShare += list.column(fold, 750).mean;
    }
  }
  EXPECT_NEAR(idleShare, 0.9, 1e-6);
}

TEST(DrawList, ZoomedInIntervalsAreBoxesAndLongOnesAreClipped) {
  AnalysedModel m(comb());
  LaneLayout layout = layoutLanes(*m.model, {});
  Viewport v = viewOf(*m.model, {0, 1000});  // 1 ns per pixel
  DrawList list = buildDrawList(*m.model, layout, v, 0, layout.height);
  std::size_t slot = slotOf(layout, m.lane(LaneKind::Kernels, 7));
  ItemRange boxes = list.slot_boxes[slot];
  ASSERT_EQ(boxes.end - boxes.begin, 10u);
  for (std::uint32_t k = 0; k < 10; ++k) {
    const DrawBox& b = list.boxes[boxes.begin + k];
    EXPECT_DOUBLE_EQ(b.x0, 100.0 * k);
    EXPECT_DOUBLE_EQ(b.x1, 100.0 * k + 10);
    EXPECT_EQ(b.item, k);
  }
  std::size_t longSlot = slotOf(layout, m.lane(LaneKind::Kernels, 8));
  const DrawBox& longBox = list.boxes[list.slot_boxes[longSlot].begin];
  EXPECT_DOUBLE_EQ(longBox.x0, 50);
  EXPECT_DOUBLE_EQ(longBox.x1, 1002);  // clipped just outside the view
}

// An instant (a zero-length record, docs/metrics.md "Inputs") is drawn as a mark of one pixel where it
// happened, at every zoom, and hides nothing around it.
TEST(DrawList, AnInstantIsAMarkOfOnePixel) {
  RunFixture f;
  f.kernel(0, 100);
  f.kernel(500, 500);
  f.kernel(900, 1000);
  AnalysedModel m(f.finish());
  LaneLayout layout = layoutLanes(*m.model, {});
  const std::size_t slot = slotOf(layout, m.lane(LaneKind::Kernels, 7));
  // 1 ns a pixel, then zoomed in around it to 0.25 ns a pixel.
  for (TimeRange range : {TimeRange{0, 1000}, TimeRange{400, 650}}) {
    const double nsPerPx = static_cast<double>(range.end - range.start) / 1000;
    Viewport v = viewOf(*m.model, range, 1000);
    DrawList list = buildDrawList(*m.model, layout, v, 0, layout.height);
    const double x = v.toPx(500);
    std::size_t marks = 0;
    for (std::uint32_t k = list.slot_folds[slot].begin; k < list.slot_folds[slot].end; ++k) {
      const DrawFold& fold = list.folds[k];
      if (fold.first_item != 1) continue;
      ++marks;
      EXPECT_EQ(fold.count, 1u);
      EXPECT_EQ(fold.x0, static_cast<int>(std::floor(x))) << nsPerPx;
      EXPECT_EQ(fold.x1, fold.x0 + 1) << nsPerPx;
    }
    EXPECT_EQ(marks, 1u) << nsPerPx;
  }
}

// The comb at the H200 traces' clock (1.8e18 ns, where a double steps by 256 ns): every 10 ns kernel
// is still 10 px wide at 1 ns per pixel and starts on its own nanosecond.
TEST(DrawList, EpochScaleTimesAreDrawnToTheNanosecond) {
  constexpr TimeNs kEpoch = 1'800'000'000'000'000'123;
  RunFixture f;
  for (int k = 0; k < 20; ++k) f.kernel(kEpoch + 100 * k + k, kEpoch + 100 * k + k + 10);
  AnalysedModel m(f.finish());
  LaneLayout layout = layoutLanes(*m.model, {});
  Viewport v = viewOf(*m.model, {0, 1000});  // 1 ns per pixel from the first kernel
  DrawList list = buildDrawList(*m.model, layout, v, 0, layout.height);
  std::size_t slot = slotOf(layout, m.lane(LaneKind::Kernels, 7));
  ItemRange boxes = list.slot_boxes[slot];
  ASSERT_EQ(boxes.end - boxes.begin, 10u);
  for (std::uint32_t k = 0; k < 10; ++k) {
    const DrawBox& b = list.boxes[boxes.begin + k];
    EXPECT_DOUBLE_EQ(b.x0, 101.0 * k) << k;
    EXPECT_DOUBLE_EQ(b.x1, 101.0 * k + 10) << k;
  }
}

TEST(DrawList, OnlyVisibleSlotsAreBuilt) {
  AnalysedModel m(comb());
  LaneLayout layout = layoutLanes(*m.model, {});
  Viewport v = viewOf(*m.model, {0, 100'000});
  const SlotPlacement& last = layout.row_slots.back();
  DrawList list = buildDrawList(*m.model, layout, v, last.y, last.height);
  EXPECT_EQ(list.visible_slots, 1u);
  EXPECT_EQ(
      list.slot_folds[0].end - list.slot_folds[0].begin + list.slot_boxes[0].end - list.slot_boxes[0].begin,
      0u);
}

// Every interval in the window is drawn exactly once (as a box or inside a fold), and fold columns
// report the busy share a brute-force count gives.
TEST(DrawList, AgreesWithBruteForceOnRandomRows) {
  std::mt19937 rng(3);
  RunFixture f;
  std::uniform_int_distribution<TimeNs> len(1, 3000), gap(0, 2000);
  std::vector<std::pair<TimeNs, TimeNs>> spans;
  TimeNs t = 0;
  for (int i = 0; i < 5000; ++i) {
    t += gap(rng);
    TimeNs e = t + (i % 50 == 0 ? 40'000 : len(rng));
    f.kernel(t, e);
    spans.push_back({kBase + t, kBase + e});
    t = e;
  }
  AnalysedModel m(f.finish());
  LaneLayout layout = layoutLanes(*m.model, {});
  std::size_t lane = m.lane(LaneKind::Kernels);
  std::size_t slot = slotOf(layout, lane);
  double origin = static_cast<double>(m.model->runs()[0].origin);
  std::uniform_real_distribution<double> pick(0, static_cast<double>(t));
  for (int trial = 0; trial < 40; ++trial) {
    double a = pick(rng), b = pick(rng);
    if (a > b) std::swap(a, b);
    Viewport v = viewOf(*m.model, {a - (origin - kBase), b - (origin - kBase) + 10}, 800);
    DrawList list = buildDrawList(*m.model, layout, v, 0, layout.height);
    std::vector<int> drawn(spans.size(), 0);
    for (std::uint32_t k = list.slot_boxes[slot].begin; k < list.slot_boxes[slot].end; ++k)
      ++drawn[list.boxes[k].item];
    for (std::uint32_t k = list.slot_folds[slot].begin; k < list.slot_folds[slot].end; ++k) {
      const DrawFold& fold = list.folds[k];
      for (std::uint32_t i = fold.first_item; i < fold.end_item; ++i) ++drawn[i];
      for (int x = fold.x0; x < fold.x1; ++x) {
        double c0 = origin + v.toTime(x), c1 = origin + v.toTime(x + 1);
        // The spans do not overlap and are sorted: start from the first that ends after the column.
        double covered = 0;
        auto it = std::lower_bound(spans.begin(), spans.end(), c0, [](const auto& span, double time) {
          return static_cast<double>(span.second) <= time;
        });
        for (; it != spans.end() && static_cast<double>(it->first) < c1; ++it) {
          covered += std::max(0.0, std::min(static_cast<double>(it->second), c1) -
                                       std::max(static_cast<double>(it->first), c0));
        }
        ASSERT_NEAR(list.column(fold, x).mean, covered / (c1 - c0), 1e-4) << "trial " << trial << " x " << x;
      }
    }
    TimeRange vis = v.visible();
    for (std::size_t i = 0; i < spans.size(); ++i) {
      bool visible = static_cast<double>(spans[i].second) > origin + vis.start &&
                     static_cast<double>(spans[i].first) < origin + vis.end;
      ASSERT_EQ(drawn[i], visible ? 1 : 0) << "trial " << trial << " interval " << i;
    }
  }
}

// The fast path (block index, O(log n) per column) gives the busy share the core's coveragePerBucket
// gives by walking every span (GUI convention 5).
TEST(DrawList, FoldColumnsAgreeWithTheCoresCoveragePerBucket) {
  std::mt19937 rng(5);
  RunFixture f;
  std::uniform_int_distribution<TimeNs> len(1, 400), gap(0, 600);
  TimeNs t = 0;
  for (int i = 0; i < 20'000; ++i) {
    t += gap(rng);
    TimeNs e = t + len(rng);
    f.kernel(t, e);
    t = e;
  }
  AnalysedModel m(f.finish());
  LaneLayout layout = layoutLanes(*m.model, {});
  const Lane& lane = m.model->lanes()[m.lane(LaneKind::Kernels)];
  std::size_t slot = slotOf(layout, m.lane(LaneKind::Kernels));
  auto spans = analysis::unionOfTrack(lane.track->intervals, [](std::size_t) { return true; });
  double nsPerPx = std::ceil(m.model->contentRange().length() / 640);
  Viewport v = viewOf(*m.model, {0, nsPerPx * 640}, 640);
  DrawList list = buildDrawList(*m.model, layout, v, 0, layout.height);
  double origin = static_cast<double>(m.model->runs()[0].origin);
  TimeRange vis = v.visible();
  // Pixel columns as whole nanoseconds so that the core's integer window matches them exactly.
  ASSERT_EQ(v.nsPerPx(), std::floor(v.nsPerPx()));
  ASSERT_EQ(vis.start, std::floor(vis.start));
  auto expected = analysis::coveragePerBucket(
      spans, {static_cast<TimeNs>(origin + vis.start), static_cast<TimeNs>(origin + vis.end)}, 640);
  std::size_t checked = 0;
  for (std::uint32_t k = list.slot_folds[slot].begin; k < list.slot_folds[slot].end; ++k) {
    const DrawFold& fold = list.folds[k];
    for (int x = fold.x0; x < fold.x1; ++x, ++checked) {
      ASSERT_NEAR(list.column(fold, x).mean, expected[static_cast<std::size_t>(x)], 1e-5) << x;
    }
  }
  EXPECT_GT(checked, 600u);
}

}  // namespace
}  // namespace feedscope::view

namespace feedscope::view {
namespace {

// The busy share of each pixel column of `v`, from the union of `spans` (absolute times) computed
// here by sorting and merging: independent of the model's rows and of Row::coveredBefore.
std::vector<double> unionSharePerColumn(std::vector<std::pair<TimeNs, TimeNs>> spans, const Viewport& v,
                                        double origin, int width) {
  std::sort(spans.begin(), spans.end());
  std::vector<std::pair<double, double>> merged;
  for (const auto& [s, e] : spans) {
    if (!merged.empty() && static_cast<double>(s) <= merged.back().second) {
      merged.back().second = std::max(merged.back().second, static_cast<double>(e));
    } else {
      merged.push_back({static_cast<double>(s), static_cast<double>(e)});
    }
  }
  std::vector<double> share(static_cast<std::size_t>(width), 0.0);
  for (int x = 0; x < width; ++x) {
    const double c0 = origin + v.toTime(x), c1 = origin + v.toTime(x + 1);
    double covered = 0;
    for (const auto& [s, e] : merged) covered += std::max(0.0, std::min(e, c1) - std::max(s, c0));
    share[static_cast<std::size_t>(x)] = covered / (c1 - c0);
  }
  return share;
}

const SlotCoverage* coverageOfSlot(const DrawList& list, std::size_t slot) {
  for (const SlotCoverage& c : list.coverage) {
    if (c.slot == slot) return &c;
  }
  return nullptr;
}

// Kernels that overlap and nest (concurrent kernels on one stream, as a trace with several streams
// mapped onto one shows): collapsed, their rows share one strip, which must read at the union's busy
// share in every column at every zoom, not at row 0's nor at the mean of the rows (issue 34, item 3).
TEST(DrawListCoverage, ACollapsedLaneShowsTheUnionOfItsRowsInEveryColumn) {
  std::mt19937 rng(11);
  RunFixture f;
  std::uniform_int_distribution<TimeNs> len(5, 4000), step(1, 3000);
  std::vector<std::pair<TimeNs, TimeNs>> spans;
  TimeNs t = 0;
  for (int i = 0; i < 3000; ++i) {
    t += step(rng);
    const TimeNs e = t + len(rng) * (i % 97 == 0 ? 40 : 1);
    f.kernel(t, e);
    spans.push_back({kBase + t, kBase + e});
  }
  AnalysedModel m(f.finish());
  const std::size_t lane = m.lane(LaneKind::Kernels);
  ASSERT_GT(m.model->lanes()[lane].rows.size(), 1u) << "the kernels must overlap for this test";
  std::vector<bool> collapsed(m.model->lanes().size(), false);
  collapsed[lane] = true;
  LaneLayout layout = layoutLanes(*m.model, collapsed);
  const std::size_t slot = slotOf(layout, lane);
  const double origin = static_cast<double>(m.model->runs()[0].origin);
  const TimeNs last = spans.back().second - kBase;
  for (double width : {200.0, 1280.0}) {
    for (double span : {static_cast<double>(last), 200'000.0, 20'000.0}) {
      Viewport v = viewOf(*m.model, {span / 3, span / 3 + span}, width);
      DrawList list = buildDrawList(*m.model, layout, v, 0, layout.height);
      const SlotCoverage* drawn = coverageOfSlot(list, slot);
      ASSERT_NE(drawn, nullptr);
      const int columns = static_cast<int>(std::ceil(width));
      ASSERT_EQ(drawn->share.size(), static_cast<std::size_t>(columns));
      const std::vector<double> truth = unionSharePerColumn(spans, v, origin, columns);
      double drawnSum = 0, trueSum = 0;
      for (int x = 0; x < columns; ++x) {
        ASSERT_NEAR(drawn->share[static_cast<std::size_t>(x)], truth[static_cast<std::size_t>(x)], 1e-4)
            << "width " << width << " span " << span << " x " << x;
        drawnSum += drawn->share[static_cast<std::size_t>(x)];
        trueSum += truth[static_cast<std::size_t>(x)];
      }
      EXPECT_NEAR(drawnSum / columns, trueSum / columns, 1e-5);
      // One strip, one coverage: the lane's other rows add none of their own.
      for (const SlotCoverage& c : list.coverage) {
        EXPECT_FALSE(layout.row_slots[c.slot].lane == lane && c.slot != slot);
      }
    }
  }
}

// Expanded, each row is measured on its own: row 1 holds only what overlaps row 0.
TEST(DrawListCoverage, AnExpandedLaneMeasuresEachRowOnItsOwn) {
  RunFixture f;
  f.kernel(0, 1000);
  f.kernel(200, 300);  // nested: row 1
  f.kernel(2000, 3000);
  AnalysedModel m(f.finish());
  const std::size_t lane = m.lane(LaneKind::Kernels);
  LaneLayout layout = layoutLanes(*m.model, std::vector<bool>(m.model->lanes().size(), false));
  Viewport v = viewOf(*m.model, {0, 4000}, 40);  // 100 ns per column
  DrawList list = buildDrawList(*m.model, layout, v, 0, layout.height);
  const SlotCoverage* row0 = coverageOfSlot(list, slotOf(layout, lane, 0));
  const SlotCoverage* row1 = coverageOfSlot(list, slotOf(layout, lane, 1));
  ASSERT_NE(row0, nullptr);
  ASSERT_NE(row1, nullptr);
  const double origin = static_cast<double>(m.model->runs()[0].origin);
  ASSERT_EQ(origin, static_cast<double>(kBase));
  for (int x = 0; x < 40; ++x) {
    const bool inRow0 = x < 10 || (x >= 20 && x < 30);
    EXPECT_NEAR(row0->share[static_cast<std::size_t>(x)], inRow0 ? 1.0 : 0.0, 1e-6) << x;
    EXPECT_NEAR(row1->share[static_cast<std::size_t>(x)], x == 2 ? 1.0 : 0.0, 1e-6) << x;
  }
}

// Boxes of a few pixels with gaps between them (h200_naive's kernels at a step's zoom): the coverage
// counts each box to its last nanosecond, so a column a box ends in is part-covered, not dropped.
TEST(DrawListCoverage, BoxesOfAFewPixelsAreCoveredToTheirEnd) {
  RunFixture f;
  std::vector<std::pair<TimeNs, TimeNs>> spans;
  for (int k = 0; k < 50; ++k) {
    const TimeNs s = 1000 * k + 130, e = s + 350 + 10 * (k % 7);  // 3.5-4.1 px boxes, 10 px apart
    f.kernel(s, e);
    spans.push_back({kBase + s, kBase + e});
  }
  AnalysedModel m(f.finish());
  const std::size_t lane = m.lane(LaneKind::Kernels);
  LaneLayout layout = layoutLanes(*m.model, {});
  Viewport v = viewOf(*m.model, {0, 50'000}, 500);
  DrawList list = buildDrawList(*m.model, layout, v, 0, layout.height);
  const SlotCoverage* drawn = coverageOfSlot(list, slotOf(layout, lane));
  ASSERT_NE(drawn, nullptr);
  const std::vector<double> truth = unionSharePerColumn(spans, v, static_cast<double>(m.model->runs()[0].origin), 500);
  double busy = 0;
  for (int x = 0; x < 500; ++x) {
    ASSERT_NEAR(drawn->share[static_cast<std::size_t>(x)], truth[static_cast<std::size_t>(x)], 1e-6) << x;
    busy += drawn->share[static_cast<std::size_t>(x)];
  }
  // 50 kernels of 350 + 10·(k mod 7) ns: 50·350 + 10·(7 cycles of 0..6 = 147) = 17'500 + 1'470 ns of 50'000.
  EXPECT_NEAR(busy / 500, 18'970.0 / 50'000.0, 1e-6);
}

}  // namespace
}  // namespace feedscope::view
