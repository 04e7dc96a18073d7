// Ruler steps and labels.
#include "view/ruler.h"

#include <gtest/gtest.h>

#include <cmath>

namespace feedscope::view {
namespace {

TEST(Ruler, NiceStepClimbsTheOneTwoFiveLadder) {
  struct Case {
    double min, step;
  } cases[] = {{0.3, 0.5}, {1, 1},      {1.01, 2},    {2, 2},      {2.5, 5},
               {7, 10},    {999, 1000}, {1.2e6, 2e6}, {4.9e8, 5e8}};
  for (const auto& c : cases) EXPECT_DOUBLE_EQ(niceStep(c.min), c.step) << c.min;
}

TEST(Ruler, LabelsUseTheStepsUnitAndOnlyTheDecimalsItNeeds) {
  struct Case {
    double t, step;
    const char* label;
  } cases[] = {
      {0, 1e6, "0 ms"},    {1.2e7, 2e6, "12 ms"},   {1.5e6, 5e5, "1.5 ms"},   {2.5e9, 5e8, "2.5 s"},
      {3e9, 1e9, "3 s"},   {750, 50, "750 ns"},     {12.5, 0.5, "12.5 ns"},   {-5e6, 1e6, "-5 ms"},
      {1e-7, 1e6, "0 ms"}, {2.25, 0.05, "2.25 ns"}, {1.05e6, 5e4, "1050 µs"}, {4e4, 1e4, "40 µs"},
  };
  for (const auto& c : cases) EXPECT_EQ(tickLabel(c.t, c.step), c.label) << c.t << " / " << c.step;
}

TEST(Ruler, TicksAreEvenlySpacedAndLabelled) {
  Viewport v;
  v.setWidth(1000);
  v.setContent({0, 1e9});
  v.showRange({0, 1e8});  // 100 µs per pixel: labels at least 90 px apart -> 10 ms steps (100 px)
  Ruler r = buildRuler(v);
  EXPECT_DOUBLE_EQ(r.step_ns, 1e7);
  ASSERT_EQ(r.ticks.size(), 11u);
  EXPECT_EQ(r.ticks[0].label, "0 ms");
  EXPECT_EQ(r.ticks[3].label, "30 ms");
  EXPECT_DOUBLE_EQ(r.ticks[3].x, 300);
  EXPECT_TRUE(r.base_label.empty());
  // Minor ticks every 2 ms, none on a labelled tick.
  ASSERT_FALSE(r.minor_x.empty());
  EXPECT_DOUBLE_EQ(r.minor_x[0], 20);
  for (double x : r.minor_x) EXPECT_NE(std::fmod(x, 100.0), 0.0);
}

TEST(Ruler, FarFromTheOriginLabelsCountFromABase) {
  Viewport v;
  v.setWidth(1000);
  v.setContent({0, 1e10});
  v.showRange({5e9 + 3, 5e9 + 1003});  // 1 ns per pixel, 5 s into the run
  Ruler r = buildRuler(v);
  EXPECT_DOUBLE_EQ(r.step_ns, 100);
  EXPECT_EQ(r.base_label, "5.000000100 s");
  ASSERT_GE(r.ticks.size(), 2u);
  EXPECT_EQ(r.ticks[0].label, "+0");
  EXPECT_EQ(r.ticks[1].label, "+0.1 µs");
}

}  // namespace
}  // namespace feedscope::view
