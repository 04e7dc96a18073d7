// Outside text made valid UTF-8 where it enters.
#include <gtest/gtest.h>

#include "trace/string_table.h"
#include "trace/utf8.h"

namespace {

using feedscope::trace::isValidUtf8;
using feedscope::trace::validUtf8;

const std::string kReplacement = "\xEF\xBF\xBD";

TEST(Utf8, ValidTextIsKeptAsItIs) {
  for (const char* text : {"", "plain", "caf\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\xF4\x8F\xBF\xBF"}) {
    EXPECT_TRUE(isValidUtf8(text)) << text;
    EXPECT_EQ(validUtf8(text), text);
  }
}

TEST(Utf8, EveryMalformedByteBecomesOneReplacementCharacter) {
  EXPECT_EQ(validUtf8("caf\xE9"), "caf" + kReplacement);
  EXPECT_EQ(validUtf8("\xFF\xFE"), kReplacement + kReplacement);
  EXPECT_EQ(validUtf8("\xC0\xAF"), kReplacement + kReplacement);       // overlong '/'
  EXPECT_EQ(validUtf8("\xED\xA0\x80"), kReplacement + kReplacement + kReplacement);  // a surrogate
  EXPECT_EQ(validUtf8("\xF4\x90\x80\x80").size(), 4 * kReplacement.size());  // past U+10FFFF
  EXPECT_EQ(validUtf8("a\xE2\x82"), "a" + kReplacement + kReplacement);  // cut short
  EXPECT_TRUE(isValidUtf8(validUtf8("x\x80y\xF0\x9F\x98z")));
}

TEST(Utf8, InterningRepairsNames) {
  feedscope::trace::StringTable table;
  auto id = table.intern("kernel\xFF");
  EXPECT_EQ(table.get(id), "kernel" + kReplacement);
  EXPECT_EQ(table.intern("kernel" + kReplacement), id);
}

}  // namespace
