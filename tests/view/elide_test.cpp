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

// Two PyTorch traces of one sweep: they share everything but the worker count and the timestamp. Cut
// from both ends ("kineto…1623143089861") they lose what tells them apart; the rule keeps it.
TEST(DistinctNames, TheWordThatDiffersIsKeptWithItsContext) {
  const std::vector<std::string> names{"kineto_num_workers_0.1623143089861.pt.trace.json",
                                       "kineto_num_workers_4.1623212756351.pt.trace.json"};
  const auto shown = distinctNames(names, 20);
  ASSERT_EQ(shown.size(), 2u);
  EXPECT_EQ(shown[0], "kineto…workers_0…");
  EXPECT_EQ(shown[1], "kineto…workers_4…");
  // With more room the timestamps come back too, still within the room.
  const auto wider = distinctNames(names, 36);
  EXPECT_EQ(wider[0], "kineto…workers_0.1623143089861…json");
  EXPECT_LE(codePointCount(wider[1]), 36u);
}

TEST(DistinctNames, NamesThatFitStayWholeAndALoneNameIsCutInTheMiddle) {
  EXPECT_EQ(distinctNames({"h200_naive", "h200_stream"}, 12), (std::vector<std::string>{"h200_naive", "h200_stream"}));
  EXPECT_EQ(distinctNames({"worker0.1623143089861.pt.trace.json"}, 10),
            (std::vector<std::string>{elideMiddle("worker0.1623143089861.pt.trace.json", 10)}));
}

TEST(DistinctNames, SixRunsOfASweepReadDifferentlyInFourteenCharacters) {
  std::vector<std::string> names;
  for (const char* mode : {"naive", "stream", "trap", "custombatch", "prefetch", "pinned"})
    names.push_back(std::string("h200_input_pipeline_") + mode + "_run1");
  const auto shown = distinctNames(names, 14);
  for (std::size_t i = 0; i < names.size(); ++i) {
    EXPECT_LE(codePointCount(shown[i]), 14u) << shown[i];
    // The mode, which is what differs, is in the text.
    EXPECT_NE(shown[i].find(names[i].substr(20, names[i].size() - 25)), std::string::npos) << shown[i];
    for (std::size_t j = 0; j < i; ++j) EXPECT_NE(shown[i], shown[j]);
  }
}

// Too short for the word that differs: that word is cut, never replaced by the shared "h200".
TEST(DistinctNames, AWordTooLongIsCutRatherThanDropped) {
  const auto shown = distinctNames({"h200_naive", "h200_stream", "h200_custombatch"}, 8);
  // One cut, keeping the word's start: "…custom…" (8 characters), not "…c…atch…".
  EXPECT_EQ(shown[2], "…custom…");
  EXPECT_EQ(distinctNames({"h200_naive", "h200_custombatch"}, 11)[1], "…custombat…");
  // The distinguishing word first in the name: no leading "…".
  EXPECT_EQ(distinctNames({"custombatch_h200", "naive_h200"}, 8)[0], "customb…");
  EXPECT_NE(shown[0].find("naive"), std::string::npos) << shown[0];
}

TEST(DistinctNames, NamesWithTheSameWordsInAnotherOrderStillEndDistinct) {
  const auto shown = distinctNames({"alpha_beta_gamma_delta", "beta_alpha_gamma_delta"}, 8);
  EXPECT_NE(shown[0], shown[1]);
  const auto same = distinctNames({"same_long_name_here", "same_long_name_here"}, 6);
  EXPECT_EQ(same[0], same[1]);  // identical names cannot differ; it still ends
}

}  // namespace
}  // namespace feedscope::view
