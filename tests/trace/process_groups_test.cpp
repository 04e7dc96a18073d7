// A rank's process groups: the pg_config label written and read back, and PyTorch's `Process Group
// Ranks` text read only when it lists every rank.
#include "trace/process_groups.h"

#include <gtest/gtest.h>

namespace feedscope::trace {
namespace {

TEST(ProcessGroups, TheLabelReadsBackWhatWasWritten) {
  const ProcessGroupRanks groups = {{"0", {0, 1, 2, 3}}, {"a;b:c%", {2, 9}}};
  const std::string label = processGroupsLabel(groups);
  EXPECT_EQ(label, "0:0,1,2,3;a%3Bb%3Ac%25:2,9");
  EXPECT_EQ(parseProcessGroupsLabel(label), groups);
  // Entries that do not read are left out; the others stay.
  EXPECT_EQ(parseProcessGroupsLabel("0:0,1;broken;1:x,2;2:;3:4,3"), (ProcessGroupRanks{{"0", {0, 1}}, {"3", {3, 4}}}));
  EXPECT_TRUE(parseProcessGroupsLabel("").empty());
}

TEST(ProcessGroups, RankListsSayOnlyWhatTheyListWhole) {
  EXPECT_EQ(parseRankList("[0, 1, 2, 3]"), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(parseRankList(" [7,5, 6] "), (std::vector<int>{5, 6, 7}));
  EXPECT_EQ(parseRankList("[]"), std::nullopt);  // older PyTorch's default group
  EXPECT_EQ(parseRankList("[0, 1, 2, ...]"), std::nullopt);  // cut short past 30 ranks
  EXPECT_EQ(parseRankList("0, 1"), std::nullopt);
  EXPECT_EQ(parseRankList("[-1, 2]"), std::nullopt);
}

}  // namespace
}  // namespace feedscope::trace
