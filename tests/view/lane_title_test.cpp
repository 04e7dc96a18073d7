// Lane titles fitted to the label column keep the lane's number and kind (issue 34, item 6), with a
// width in characters so that the expected texts can be counted by hand.
#include "view/lane_title.h"

#include <gtest/gtest.h>

#include "view/elide.h"

namespace feedscope::view {
namespace {

// One unit per code point: "…" and "·" count one each.
const TextWidth kChars = [](std::string_view s) { return static_cast<double>(codePointCount(s)); };

TEST(LaneTitle, ATitleThatFitsIsWhole) {
  EXPECT_EQ(fitLaneTitle("  ", "", "GPU 0 stream 7 · H2D · 79% hidden", 40, kChars), "  GPU 0 stream 7 · H2D · 79% hidden");
}

// The figure goes first, then the device; "stream 7" and "H2D" stay (not "GPU 0 stream …2D · 79% hidden").
TEST(LaneTitle, TheFigureAndTheDeviceGiveWayBeforeTheStreamAndTheCopyKind) {
  EXPECT_EQ(fitLaneTitle("", "", "GPU 0 stream 7 · H2D · 79% hidden", 20, kChars), "GPU 0 stream 7 · H2D");
  EXPECT_EQ(fitLaneTitle("", "", "GPU 0 stream 7 · H2D · 79% hidden", 19, kChars), "stream 7 · H2D");
  EXPECT_EQ(fitLaneTitle("▸ ", "", "GPU 0 stream 13 · kernels", 21, kChars), "▸ stream 13 · kernels");
  // Narrower than the number and the kind: the kind is cut at its end, the number never.
  EXPECT_EQ(fitLaneTitle("", "", "GPU 0 stream 13 · kernels", 15, kChars), "stream 13 · ke…");
  EXPECT_EQ(fitLaneTitle("", "", "GPU 0 stream 13 · kernels", 9, kChars), "stream 13");
}

// A pinned lane's run name is cut before the lane's own words: "h200_…ream 7 · kernels" read as
// "h200_stream" when the run was another.
TEST(LaneTitle, APinnedLanesRunNameIsCutBeforeTheLanesNumber) {
  const std::string full = fitLaneTitle("", "h200_custombatch", "GPU 0 stream 7 · kernels", 100, kChars);
  EXPECT_EQ(full, "pinned · h200_custombatch · GPU 0 stream 7 · kernels");
  const std::string cut = fitLaneTitle("", "h200_custombatch", "GPU 0 stream 7 · kernels", 40, kChars);
  EXPECT_EQ(cut, "pinned · h20…mbatch · stream 7 · kernels");
  EXPECT_EQ(codePointCount(cut), 40u);
  EXPECT_EQ(fitLaneTitle("", "h200_custombatch", "GPU 0 stream 7 · kernels", 31, kChars),
            "pinned · … · stream 7 · kernels");
}

TEST(LaneTitle, HostLanesKeepTheirThreadNumber) {
  EXPECT_EQ(fitLaneTitle("", "", "thread 1234567 · data loading", 24, kChars), "thread 1234567 · data l…");
  EXPECT_EQ(fitLaneTitle("", "", "GPU 3 · rank 3 waiting for peers", 25, kChars), "GPU 3 · rank 3 waiting f…");
}

}  // namespace
}  // namespace feedscope::view
