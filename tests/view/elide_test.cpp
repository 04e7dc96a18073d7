// Run names cut in the middle for legends, bar labels and table headers.
#include "view/elide.h"

#include <gtest/gtest.h>

namespace feedscope::view {
namespace {

TEST(Elide, LongRunNamesKeepBothEndsAndShortOnesStayWhole) {
  EXPECT_EQ(elideMiddle("h200_naive", 10), "h200_naive");
  EXPECT_EQ(elideMiddle("h200_naive_bs64", 10), "h20…e_bs64");
  EXPECT_EQ(elideMiddle("h200_naive", 8), "h2…naive");
  EXPECT_EQ(elideMiddle("h200_stream", 8), "h2…tream");
  EXPECT_EQ(elideMiddle("µµµµµµµµµµµµ", 7), "µµ…µµµµ");  // code points, never half a character
  // More runs, shorter names; two runs keep long ones.
  EXPECT_GT(runNameChars(2), runNameChars(4));
  EXPECT_GT(runNameChars(4), runNameChars(6));
  EXPECT_GE(runNameChars(6), 8u);  // "h2…naive": enough to tell runs apart
}

}  // namespace
}  // namespace feedscope::view
