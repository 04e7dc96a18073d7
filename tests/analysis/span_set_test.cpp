// Span-set operations against a brute-force bitmap on random inputs, plus edge cases.
#include "analysis/span_set.h"

#include <gtest/gtest.h>

#include <random>

namespace feedscope::analysis {
namespace {

constexpr int kWidth = 200;
using Bitmap = std::vector<bool>;

template <typename Spans>
Bitmap toBitmap(const Spans& spans) {
  Bitmap b(kWidth, false);
  for (const auto& s : spans) {
    for (TimeNs t = s.start; t < s.end; ++t) b[static_cast<std::size_t>(t)] = true;
  }
  return b;
}

bool wellFormed(const SpanList& l) {
  for (std::size_t i = 0; i < l.size(); ++i) {
    if (l[i].end <= l[i].start) return false;
    if (i > 0 && l[i].start <= l[i - 1].end) return false;  // disjoint and not touching
  }
  return true;
}

SpanList randomSpans(std::mt19937& rng, int n) {
  std::uniform_int_distribution<int> pos(0, kWidth - 1), len(0, 30);
  SpanList out;
  for (int i = 0; i < n; ++i) {
    TimeNs s = pos(rng);
    out.push_back({s, std::min<TimeNs>(kWidth, s + len(rng))});
  }
  return out;
}

TEST(SpanSet, OperationsAgreeWithBitmapOnRandomInputs) {
  std::mt19937 rng(1234);
  for (int iter = 0; iter < 500; ++iter) {
    auto rawA = randomSpans(rng, iter % 12);
    auto rawB = randomSpans(rng, (iter / 3) % 9);
    SpanList a = unionOf(rawA), b = unionOf(rawB);
    ASSERT_TRUE(wellFormed(a));
    Bitmap ba = toBitmap(rawA), bb = toBitmap(rawB);
    ASSERT_EQ(toBitmap(a), ba);

    Bitmap expectUnion(kWidth), expectInter(kWidth), expectDiff(kWidth);
    for (int t = 0; t < kWidth; ++t) {
      expectUnion[t] = ba[t] || bb[t];
      expectInter[t] = ba[t] && bb[t];
      expectDiff[t] = ba[t] && !bb[t];
    }
    SpanList u = unite(a, b), i = intersect(a, b), d = subtract(a, b);
    EXPECT_TRUE(wellFormed(u));
    EXPECT_TRUE(wellFormed(d));
    EXPECT_EQ(toBitmap(u), expectUnion);
    EXPECT_EQ(toBitmap(i), expectInter);
    EXPECT_EQ(toBitmap(d), expectDiff);
    EXPECT_EQ(uniteAll({a, b, a}), u);

    Span w{static_cast<TimeNs>(iter % 50), static_cast<TimeNs>(iter % 50 + 90)};
    TimeNs expectWithin = 0, expectGaps = 0;
    for (TimeNs t = w.start; t < w.end; ++t) {
      expectWithin += ba[static_cast<std::size_t>(t)];
      expectGaps += !ba[static_cast<std::size_t>(t)];
    }
    EXPECT_EQ(lengthWithin(a, w), expectWithin);
    EXPECT_EQ(totalLength(clip(a, w)), expectWithin);
    EXPECT_EQ(totalLength(gapsWithin(a, w)), expectGaps);
  }
}

TEST(SpanSet, TouchingSpansMergeAndEmptySpansVanish) {
  EXPECT_EQ(unionOf({{0, 10}, {10, 20}, {5, 5}}), (SpanList{{0, 20}}));
  EXPECT_TRUE(unionOf({{3, 3}, {7, 2}}).empty());
}

TEST(SpanSet, EmptyInputs) {
  EXPECT_TRUE(uniteAll({}).empty());
  EXPECT_TRUE(intersect({}, {{0, 5}}).empty());
  EXPECT_EQ(subtract({{0, 5}}, {}), (SpanList{{0, 5}}));
  EXPECT_EQ(gapsWithin({}, {2, 9}), (SpanList{{2, 9}}));
  EXPECT_EQ(lengthWithin({{0, 5}}, {9, 2}), 0);
}

}  // namespace
}  // namespace feedscope::analysis
