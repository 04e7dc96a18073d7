// Hit-testing: table-driven points against a draw list with known boxes and folds.
#include "view/hit_test.h"

#include <gtest/gtest.h>

#include "view/describe.h"
#include "view/model_fixture.h"

namespace feedscope::view {
namespace {

using testing::AnalysedModel;
using testing::RunFixture;

trace::Session comb() {
  RunFixture f;
  for (int k = 0; k < 1000; ++k) f.kernel(100 * k, 100 * k + 10);
  f.h2d(100'000, 101'000, 2'000'000, trace::MemoryKind::Pageable);
  return f.finish();
}

struct Scene {
  AnalysedModel m{comb()};
  LaneLayout layout = layoutLanes(*m.model, {});
  Viewport viewport;
  DrawList list;
  double kernelsY = 0;
  double copiesY = 0;
  explicit Scene(TimeRange range) {
    viewport.setWidth(1000);
    viewport.setContent(m.model->contentRange());
    viewport.showRange(range);
    list = buildDrawList(*m.model, layout, viewport, 0, layout.height);
    kernelsY = layout.placementOf(m.lane(LaneKind::Kernels))->y + 5;
    copiesY = layout.placementOf(m.lane(LaneKind::CopyH2D))->y + 5;
  }
};

TEST(HitTest, BoxesAreHitExactlyOrWithinTolerance) {
  Scene s({0, 1000});  // 1 ns per pixel: kernels are 10 px boxes at 0, 100, 200, ...
  struct Case {
    double x;
    std::optional<std::size_t> item;
  } cases[] = {{0, 0},  {5, 0},   {9.9, 0}, {12, 0},  {13.5, std::nullopt}, {50, std::nullopt},
               {98, 1}, {105, 1}, {299, 3}, {905, 9}, {999, std::nullopt}};
  for (const auto& c : cases) {
    auto hit = hitTest(s.list, s.layout, c.x, s.kernelsY);
    ASSERT_EQ(hit.has_value(), c.item.has_value()) << c.x;
    if (!hit) continue;
    EXPECT_EQ(hit->kind, Hit::Kind::Interval);
    EXPECT_EQ(hit->item, *c.item) << c.x;
    EXPECT_EQ(hit->lane, s.m.lane(LaneKind::Kernels));
  }
  // Between lanes and above the first: nothing.
  EXPECT_FALSE(hitTest(s.list, s.layout, 5, 0));
  EXPECT_FALSE(hitTest(s.list, s.layout, 5, s.layout.height + 10));
}

TEST(HitTest, FoldColumnsSayHowManyTheyHold) {
  Scene s({0, 100'000});  // 100 ns per pixel: one 10 ns kernel per column
  auto hit = hitTest(s.list, s.layout, 500.5, s.kernelsY);
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->kind, Hit::Kind::Fold);
  EXPECT_EQ(hit->column, 500);
  EXPECT_EQ(hit->item, 500u);
  EXPECT_EQ(hit->end_item, 501u);
  Description d = describeHit(*s.m.model, *hit, s.viewport);
  EXPECT_EQ(d.title, "1 kernel");
  ASSERT_NE(d.find("busy"), nullptr);
  EXPECT_EQ(*d.find("busy"), "10 % of the pixel's time");
}

TEST(HitTest, CopyTooltipCarriesBytesBandwidthAndMemoryKind) {
  Scene s({99'000, 102'000});
  auto hit = hitTest(s.list, s.layout, s.viewport.toPx(100'500), s.copiesY);
  ASSERT_TRUE(hit);
  Description d = describeHit(*s.m.model, *hit, s.viewport);
  EXPECT_EQ(d.title, "Memcpy HtoD (Pageable -> Device)");
  EXPECT_EQ(*d.find("start"), "+100.000 µs");
  EXPECT_EQ(*d.find("duration"), "1.00 µs");
  EXPECT_EQ(*d.find("bytes"), "1.91 MiB");
  EXPECT_EQ(*d.find("bandwidth"), "2000 GB/s");
  EXPECT_EQ(*d.find("host memory"), "pageable");
  EXPECT_NE(d.find("note"), nullptr);
  EXPECT_EQ(*d.find("stream"), "7");
  std::string text = toText(d);
  EXPECT_NE(text.find("bandwidth: 2000 GB/s"), std::string::npos);
}

TEST(Describe, NumbersReadWell) {
  EXPECT_EQ(itemNoun(LaneKind::CopyH2D, 2), "copies");
  EXPECT_EQ(itemNoun(LaneKind::Kernels, 1), "kernel");
}

}  // namespace
}  // namespace feedscope::view
