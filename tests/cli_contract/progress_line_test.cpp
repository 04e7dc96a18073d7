// The machine progress line: what the CLI writes is what the GUI reads, one line each time.
#include "cli_contract/progress_line.h"

#include <gtest/gtest.h>

#include <limits>

namespace feedscope::cli {
namespace {

TEST(ProgressLine, WrittenOnOneLineAndReadBack) {
  EXPECT_EQ(formatProgressLine(0.4123, "on: step 40/200"), "FEEDSCOPE-PROGRESS 0.412 on: step 40/200");
  EXPECT_EQ(formatProgressLine(-1, "a\nb\r"), "FEEDSCOPE-PROGRESS 0.000 a b ");
  EXPECT_EQ(formatProgressLine(7, "done"), "FEEDSCOPE-PROGRESS 1.000 done");
  EXPECT_EQ(formatProgressLine(std::numeric_limits<double>::quiet_NaN(), "x"), "FEEDSCOPE-PROGRESS 0.000 x");
  auto back = parseProgressLine(formatProgressLine(0.25, "recording: 2 processes, 1200 records\nmore"));
  ASSERT_TRUE(back);
  EXPECT_DOUBLE_EQ(back->fraction, 0.25);
  EXPECT_EQ(back->message, "recording: 2 processes, 1200 records more");
}

TEST(ProgressLine, OtherLinesAreNotProgress) {
  auto bare = parseProgressLine("FEEDSCOPE-PROGRESS 1");
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->message, "");
  auto spaced = parseProgressLine("FEEDSCOPE-PROGRESS 0.5   loading  \r\n");
  ASSERT_TRUE(spaced);
  EXPECT_EQ(spaced->message, "loading");
  for (const char* line : {"", "feedscope: error: x", "FEEDSCOPE-PROGRESS", "FEEDSCOPE-PROGRESS x y",
                           "FEEDSCOPE-PROGRESS 1.5 too far", "FEEDSCOPE-PROGRESS -0.1 before",
                           "FEEDSCOPE-PROGRESS nan z", " FEEDSCOPE-PROGRESS 0.5 indented"}) {
    EXPECT_FALSE(parseProgressLine(line)) << line;
  }
}

}  // namespace
}  // namespace feedscope::cli
