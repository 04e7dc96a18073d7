// Arguments of intervals: the run's store of texts, the optional column that refers to them, and the
// reading of one text into fields (trace/arguments.h, trace/argument_fields.h).
#include <gtest/gtest.h>

#include "trace/argument_fields.h"
#include "trace/arguments.h"
#include "trace/interval_columns.h"
#include "trace/json_values.h"

namespace feedscope::trace {
namespace {

TEST(RunArguments, StoresTextsByIdAndNothingForAnEmptyOne) {
  RunArguments a;
  EXPECT_EQ(a.add(""), 0u);
  EXPECT_EQ(a.add(R"({"grid": [8, 1, 1]})"), 1u);
  EXPECT_EQ(a.add(R"({"Seq": 7})"), 2u);
  EXPECT_EQ(a.count(), 2u);
  EXPECT_EQ(a.get(1), R"({"grid": [8, 1, 1]})");
  EXPECT_EQ(a.get(2), R"({"Seq": 7})");
  EXPECT_EQ(a.get(0), "");
  EXPECT_EQ(a.get(3), "");  // an id it does not hold
}

TEST(RunArguments, TakesBackOnlyStoredTextsThatAddUp) {
  RunArguments a;
  a.add("{\"a\": 1}");  // 8 bytes
  RunArguments b;
  std::vector<std::uint64_t> ends;
  const std::string text = a.texts(0, a.count(), 0, ends);
  EXPECT_EQ(text, "{\"a\": 1}");
  EXPECT_EQ(ends, (std::vector<std::uint64_t>{8}));
  EXPECT_TRUE(b.appendStored(text, ends));
  EXPECT_EQ(b, a);
  EXPECT_TRUE(b.appendStored("{\"b\":2}", {15}));
  EXPECT_EQ(b.get(2), "{\"b\":2}");
  RunArguments c;
  EXPECT_FALSE(c.appendStored("{\"a\": 1}", {9}));     // past the text
  EXPECT_FALSE(c.appendStored("{\"a\": 1}", {4}));     // text left over
  EXPECT_FALSE(c.appendStored("{}{}", {2, 2, 4}));      // not increasing
  EXPECT_FALSE(c.appendStored("{}", {}));               // text without an end
  EXPECT_TRUE(c.empty());
}

// Texts come back byte for byte whatever they hold: spacing, escapes, nesting, numbers of every
// form, and texts that are not JSON at all (kept whole).
TEST(RunArguments, EveryTextComesBackByteForByte) {
  const std::vector<std::string> texts = {
      R"j({"device": 0, "stream": 7, "correlation": 1000, "bytes": 12582912, "memory bandwidth (GB/s)": 5.1})j",
      R"j({"device":0,"stream":7})j",
      "{\n  \"grid\" : [ 8 , 1,1 ],\t\"block\": [256, 1, 1]\r\n}",
      R"j({"Input Dims": [[64, 3, 224, 224], [], [1]], "Input type": ["float", "", "Scalar"], "x": null, "y": true})j",
      R"j({"name": "a \"quoted\" : value, with [brackets]", "k\"ey": "v\\"})j",
      R"j({"e": -1.5e-07, "f": 1E+300, "g": -0})j",
      R"j({"unicode": "µs → é", "esc": "\u0001"})j",
      R"j({"unterminated": "abc)j",
      "not json at all",
      std::string("{\"mark\": 1\x01}"),
      R"j({})j",
      R"j([1, 2, "three"])j",
  };
  RunArguments a;
  std::vector<ArgumentsId> ids;
  for (const auto& t : texts) ids.push_back(a.add(t));
  for (std::size_t k = 0; k < texts.size(); ++k) EXPECT_EQ(a.get(ids[k]), texts[k]) << k;
  std::uint64_t bytes = 0;
  for (const auto& t : texts) bytes += t.size();
  EXPECT_EQ(a.textBytes(), bytes);
}

// A skeleton repeated: each text costs its values and a byte or two, not its keys again.
TEST(RunArguments, TextsPastAMegabyteAndTextsLongerThanABlockComeBack) {
  // Blocks of 1 MiB (arguments.cpp): 40,000 texts of ~60 bytes fill several, and a 3 MiB text needs
  // one of its own; every text keeps its id and bytes across the boundaries.
  RunArguments a;
  std::vector<std::string> texts;
  for (int k = 0; k < 40000; ++k) {
    texts.push_back("{\"correlation\": " + std::to_string(k * 7919) + ", \"name\": \"kernel_" + std::to_string(k) + "\"}");
    if (k == 20000) texts.push_back("{\"big\": \"" + std::string(3u << 20, 'x') + "\"}");
  }
  std::vector<ArgumentsId> ids;
  for (const auto& t : texts) ids.push_back(a.add(t));
  a.shrinkToFit();
  for (std::size_t k = 0; k < texts.size(); ++k) ASSERT_EQ(a.get(ids[k]), texts[k]) << k;
  std::uint64_t bytes = 0;
  for (const auto& t : texts) bytes += t.size();
  EXPECT_EQ(a.textBytes(), bytes);
  // The big text is held whole-ish (one value), the rest packed: well under the texts' own bytes
  // plus the big one.
  EXPECT_LT(a.memoryBytes(), (3u << 20) + 2u * 1024 * 1024);
}

TEST(RunArguments, ARepeatedSkeletonIsHeldOnce) {
  RunArguments a;
  std::uint64_t textBytes = 0;
  for (int k = 0; k < 10'000; ++k) {
    const std::string t = R"j({"device": 0, "context": 1, "stream": 7, "correlation": )j" + std::to_string(100'000 + k) +
                          R"j(, "registers per thread": 32, "shared memory": 0, "grid": [)j" + std::to_string(k % 97) +
                          R"j(, 1, 1], "block": [256, 1, 1]})j";
    textBytes += t.size();
    ASSERT_EQ(a.get(a.add(t)), t);
  }
  EXPECT_EQ(a.textBytes(), textBytes);
  a.shrinkToFit();
  // Values: 0, 1, 7, 6 digits, 32, 0, at most 2 digits, 1, 1, 256, 1, 1 with a length byte each,
  // and the skeleton's id: at most 27 + 12 + 1 = 40 bytes a text, against about 190.
  EXPECT_LT(a.memoryBytes(), 10'000u * (40 + 8) + 4096);
  EXPECT_LT(a.memoryBytes() * 3, textBytes);
}

TEST(IntervalColumns, TheArgumentsColumnBeginsWithTheFirstIntervalThatHasArguments) {
  IntervalColumns c;
  c.push_back({30, 40, IntervalKind::Kernel});
  c.push_back({10, 20, IntervalKind::Kernel});
  EXPECT_TRUE(c.arguments.empty());  // no cost for a track without arguments
  EXPECT_EQ(c.memoryBytes(), c.start_ns.capacity() * 8 * 3 + c.name.capacity() * 4 * 2 + c.kind.capacity() * 4);
  Interval withArgs{5, 6, IntervalKind::Kernel};
  withArgs.arguments = 3;
  c.push_back(withArgs);
  ASSERT_EQ(c.arguments.size(), 3u);
  EXPECT_EQ(c.argumentsAt(0), 0u);
  EXPECT_EQ(c.argumentsAt(2), 3u);
  c.sortByStart();  // the ids move with their intervals
  EXPECT_EQ(c.start_ns[0], 5);
  EXPECT_EQ(c.at(0).arguments, 3u);
  EXPECT_EQ(c.at(1).arguments, 0u);
  c.truncate(1);
  EXPECT_EQ(c.arguments.size(), 1u);
  IntervalColumns d;
  d.push_back({1, 2, IntervalKind::Kernel});
  d.set(0, withArgs);
  EXPECT_EQ(d.argumentsAt(0), 3u);
}

TEST(ArgumentFields, ReadsEveryFieldInOrderAsWrittenAndAsRead) {
  const auto fields = argumentFields(
      R"({"registers per thread": 96, "grid": [8, 1, 1], "Collective name": "allreduce", "x": {"a": null},)"
      R"( "est. achieved occupancy %": 0.5, "esc": "a\"b\u00e9", "ok": true})");
  ASSERT_EQ(fields.size(), 7u);
  EXPECT_EQ(fields[0], (ArgumentField{"registers per thread", "96", "96"}));
  EXPECT_EQ(fields[1], (ArgumentField{"grid", "[8, 1, 1]", "[8, 1, 1]"}));
  EXPECT_EQ(fields[2], (ArgumentField{"Collective name", "allreduce", "\"allreduce\""}));
  EXPECT_EQ(fields[3], (ArgumentField{"x", R"({"a": null})", R"({"a": null})"}));
  EXPECT_EQ(fields[4].value, "0.5");
  EXPECT_EQ(fields[5].value, "a\"b\xc3\xa9");
  EXPECT_EQ(fields[5].json, R"("a\"b\u00e9")");
  EXPECT_EQ(fields[6].value, "true");
}

// A repeated key is one field, with its last value (as JSON readers take it), where it first stood:
// an export writes it once, Details shows it once, a reader by key gets what every reader gets.
TEST(ArgumentFields, ARepeatedKeyIsOneFieldWithItsLastValue) {
  const auto fields = argumentFields(R"({"Seq": 1, "name": "x", "Seq": 2, "Seq": 3})");
  ASSERT_EQ(fields.size(), 2u);
  EXPECT_EQ(fields[0], (ArgumentField{"Seq", "3", "3"}));
  EXPECT_EQ(fields[1], (ArgumentField{"name", "x", "\"x\""}));
  EXPECT_EQ(argumentInteger(R"({"Seq": 1, "Seq": 2})", "Seq"), 2);
  EXPECT_EQ(argumentString(R"({"g": "a", "g": "b"})", "g"), "b");
}

TEST(ArgumentFields, TextThatIsNotAnObjectHasNoFields) {
  EXPECT_TRUE(argumentFields("").empty());
  EXPECT_TRUE(argumentFields("[1, 2]").empty());
  EXPECT_TRUE(argumentFields(R"({"a": 1, "b": tru})").empty());
  EXPECT_TRUE(argumentFields(R"({"a": )").empty());
  EXPECT_TRUE(argumentFields(R"({"a": [1, tru]})").empty());  // damage inside a value too
  EXPECT_TRUE(argumentFields(R"({"a": {"b": 1x}})").empty());
}

TEST(ArgumentFields, ReadsOneStringOrIntegerByKey) {
  const char* json = R"({"Process Group Name": "0", "Seq": 12, "In msg nelems": 6.637568e6, "dtype": "Float",)"
                     R"( "big": 9007199254740993, "frac": 1.5})";
  EXPECT_EQ(argumentString(json, "Process Group Name"), "0");
  EXPECT_EQ(argumentString(json, "Seq"), std::nullopt);  // a number, not a string
  EXPECT_EQ(argumentInteger(json, "Seq"), 12);
  EXPECT_EQ(argumentInteger(json, "In msg nelems"), 6'637'568);
  EXPECT_EQ(argumentInteger(json, "big"), 9'007'199'254'740'993);  // exact, not through a double
  EXPECT_EQ(argumentInteger(json, "frac"), std::nullopt);
  EXPECT_EQ(argumentInteger(json, "dtype"), std::nullopt);
  EXPECT_EQ(argumentInteger(json, "missing"), std::nullopt);
}

std::string nested(std::size_t levels, const std::string& inside = "1") {
  std::string text;
  for (std::size_t i = 0; i < levels; ++i) text += R"({"a":)";
  text += inside;
  text.append(levels, '}');
  return text;
}

TEST(JsonText, IsCheckedByTheGrammarWhateverTheSizeOfANumber) {
  const std::string digits(400, '9');
  for (const std::string& good : {digits, "-" + digits, std::string("1e400"), digits + ".5e-9", std::string("0"), std::string("-0.0E+1"),
                                  std::string(R"( {"a": [1, "x\u00e9\ud800", true, false, null, {}]} )")}) {
    EXPECT_EQ(validateJsonText(good), simdjson::SUCCESS) << good;
  }
  for (const char* bad : {"01", "0x10", "1.", "-", ".5", "1e", "tru", "[1 2]", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "\"\\q\"",
                          "\"a\tb\"", "\"open", "[", "]", "1 2", "{1:2}", "'a'", ""}) {
    EXPECT_NE(validateJsonText(bad), simdjson::SUCCESS) << bad;
  }
}

TEST(JsonText, NestsUpToTheLimitAndNoDeeperWithoutRecursion) {
  EXPECT_EQ(validateJsonText(nested(kMaxJsonDepth)), simdjson::SUCCESS);
  EXPECT_EQ(validateJsonText(nested(kMaxJsonDepth + 1)), simdjson::DEPTH_ERROR);
  // Far deeper than any stack takes by recursion, under ASan too.
  EXPECT_EQ(validateJsonText(std::string(10'000'000, '[') + std::string(10'000'000, ']')), simdjson::DEPTH_ERROR);
  EXPECT_EQ(validateJsonText(std::string(10'000'000, '[')), simdjson::DEPTH_ERROR);
}

// A session's stored texts are read back as they were kept: one too deep is no fields, never a crash;
// a number beyond a 64-bit integer is a field whose text is kept, not an integer.
TEST(ArgumentFields, DeepOrHugeTextsAreReadWithoutACrash) {
  EXPECT_TRUE(argumentFields(R"({"x":)" + nested(1'000'000) + "}").empty());
  const auto atLimit = argumentFields(R"({"x":)" + nested(kMaxJsonDepth - 1) + "}");
  ASSERT_EQ(atLimit.size(), 1u);
  EXPECT_EQ(atLimit[0].json, nested(kMaxJsonDepth - 1));
  const std::string digits(400, '9');
  const auto big = argumentFields(R"({"pid": )" + digits + R"(, "e": 1e400})");
  ASSERT_EQ(big.size(), 2u);
  EXPECT_EQ(big[0].json, digits);
  EXPECT_EQ(big[1].json, "1e400");
  EXPECT_EQ(integerValue(big[0]), std::nullopt);
  EXPECT_EQ(argumentInteger(R"({"pid": )" + digits + "}", "pid"), std::nullopt);
}

}  // namespace
}  // namespace feedscope::trace
