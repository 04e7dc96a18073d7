// The one palette: every cause has a name, a word and a colour, in one order; no cause shade is
// washed out next to the others of its group; severities and changes stay readable in both themes.
#include "present/palette.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <set>

#include "present/causes.h"

namespace feedscope::present {
namespace {

using analysis::GapCause;

TEST(Causes, EveryCauseIsListedOnceWithANameAWordAndAColour) {
  std::set<GapCause> seen;
  std::set<std::string_view> labels, words;
  for (GapCause cause : kCausesInOrder) {
    EXPECT_TRUE(seen.insert(cause).second);
    EXPECT_TRUE(labels.insert(causeLabel(cause)).second) << causeLabel(cause);
    EXPECT_TRUE(words.insert(causeWord(cause)).second) << causeWord(cause);
    EXPECT_FALSE(causeExplanation(cause).empty());
  }
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(analysis::kGapCauseCount));
}

// One order: a group's causes are listed together, groups in their own order.
TEST(Causes, TheOrderKeepsEachGroupTogether) {
  int lastGroup = -1;
  for (GapCause cause : kCausesInOrder) {
    const int group = static_cast<int>(causeGroup(cause));
    EXPECT_GE(group, lastGroup) << causeLabel(cause);
    lastGroup = group;
  }
  EXPECT_EQ(causeGroup(GapCause::HostLaunchOverhead), CauseGroup::HostWait);  // as docs/metrics.md defines it
  EXPECT_EQ(causeGroup(GapCause::CopyWaitPageable), CauseGroup::CopyWait);
  EXPECT_EQ(causeGroup(GapCause::DependencyOther), CauseGroup::Other);
}

// Whichever cause is largest, its shade is as strong as the others of its group: none is washed out.
TEST(Palette, NoCauseShadeIsPalerThanTheOthersOfItsGroup) {
  for (int g = 0; g < kCauseGroupCount; ++g) {
    double lo = 1, hi = 0;
    for (GapCause cause : kCausesInOrder) {
      if (static_cast<int>(causeGroup(cause)) != g) continue;
      lo = std::min(lo, lightness(causeColor(cause)));
      hi = std::max(hi, lightness(causeColor(cause)));
    }
    EXPECT_LE(hi - lo, 0.06) << causeGroupLabel(static_cast<CauseGroup>(g));
    EXPECT_LE(hi, 0.6) << causeGroupLabel(static_cast<CauseGroup>(g));
  }
}

TEST(Palette, CausesAreToldApartAndPageableIsNotPinned) {
  std::set<Rgb> colours;
  for (GapCause cause : kCausesInOrder)
    EXPECT_TRUE(colours.insert(causeColor(cause)).second) << causeLabel(cause);
  EXPECT_NE(copyColor(trace::IntervalKind::MemcpyHtoD, trace::MemoryKind::Pageable),
            copyColor(trace::IntervalKind::MemcpyHtoD, trace::MemoryKind::Pinned));
  // A pageable copy is darker than a pinned one (it also carries a hatch), and so is its wait.
  EXPECT_LT(lightness(palette::kH2dPageable), lightness(palette::kH2dPinned));
  EXPECT_LT(lightness(causeColor(GapCause::CopyWaitPageable)),
            lightness(causeColor(GapCause::CopyWaitPinned)));
  EXPECT_EQ(palette::kDataLoading, causeColor(GapCause::HostDataLoading));
}

TEST(Palette, SeveritiesAndChangesAreLighterOnADarkBackground) {
  using analysis::Severity;
  std::set<Rgb> light;
  for (Severity s : {Severity::High, Severity::Medium, Severity::Low, Severity::Info}) {
    EXPECT_TRUE(light.insert(severityColor(s)).second);
    EXPECT_GT(lightness(severityColor(s, Theme::Dark)), lightness(severityColor(s, Theme::Light)));
  }
  EXPECT_EQ(changeColor(true), palette::kBetter);
  EXPECT_EQ(changeColor(false), palette::kWorse);
  EXPECT_EQ(changeColor(std::nullopt), palette::kNeutral);
  EXPECT_GT(lightness(changeColor(true, Theme::Dark)), lightness(changeColor(true)));
}

TEST(Palette, NamesWithOtherDigitsShareAColourAndHexIsLowerCaseRgb) {
  EXPECT_EQ(nameColor("ProfilerStep#3"), nameColor("ProfilerStep#12"));
  EXPECT_EQ(hex(0x3f7fd9), "#3f7fd9");
  EXPECT_EQ(hex(0x00000a), "#00000a");
  // Ten runs (a node's eight ranks and more) have ten colours, far apart; the eleventh wraps.
  for (std::size_t a = 0; a < 10; ++a) {
    for (std::size_t b = a + 1; b < 10; ++b) {
      const auto channel = [](Rgb c, int shift) { return static_cast<int>((c >> shift) & 0xff); };
      int distance = 0;
      for (int shift : {0, 8, 16}) distance += std::abs(channel(runColor(a), shift) - channel(runColor(b), shift));
      EXPECT_GE(distance, 80) << a << " " << b;
    }
  }
  EXPECT_EQ(runColor(0), runColor(10));
  EXPECT_EQ(lighter(0x000000, 1.0), 0xffffffu);
  EXPECT_EQ(darker(0xffffff, 1.0), 0x000000u);
  EXPECT_GT(lightness(peakShade(palette::kKernel)), lightness(palette::kKernel));
}

}  // namespace
}  // namespace feedscope::present
