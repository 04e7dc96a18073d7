// Marks (docs/gui.md convention 2): M adds a band over the selection, M on the same span removes it,
// and neighbouring marks take different colours.
#include "view/marks.h"

#include <gtest/gtest.h>

#include "present/palette.h"

namespace feedscope::view {
namespace {

TEST(Marks, TheSameSpanTwiceRemovesItsMark) {
  Marks marks;
  EXPECT_TRUE(marks.toggle({100, 200}));
  EXPECT_TRUE(marks.toggle({300, 450}));
  ASSERT_EQ(marks.all().size(), 2u);
  EXPECT_NE(marks.all()[0].color, marks.all()[1].color);
  // A second M on the first span removes that one only.
  EXPECT_FALSE(marks.toggle({100, 200}));
  ASSERT_EQ(marks.all().size(), 1u);
  EXPECT_EQ(marks.all()[0].range, (TimeRange{300, 450}));
  // An overlapping but different span is a mark of its own.
  EXPECT_TRUE(marks.toggle({300, 400}));
  EXPECT_EQ(marks.all().size(), 2u);
}

TEST(Marks, AnInstantIsMarkedAndAReversedSpanIsNot) {
  Marks marks;
  EXPECT_TRUE(marks.toggle({500, 500}));
  EXPECT_FALSE(marks.toggle({600, 550}));
  EXPECT_EQ(marks.all().size(), 1u);
  marks.clear();
  EXPECT_TRUE(marks.empty());
}

TEST(Marks, ColoursAreNoLanesColours) {
  for (std::size_t i = 0; i < 5; ++i) {
    for (Rgb lane : {present::palette::kKernel, present::palette::kH2dPinned, present::palette::kD2h,
                     present::palette::kStep, present::palette::kApiCall})
      EXPECT_NE(markColor(i), lane) << i;
  }
}

}  // namespace
}  // namespace feedscope::view
