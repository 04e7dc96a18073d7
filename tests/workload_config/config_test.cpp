// Workload modes, phases, validation and the ideal step time.
#include "workload_config/config.h"

#include <gtest/gtest.h>

namespace feedscope::workload {
namespace {

TEST(WorkloadConfig, ModeNamesRoundTripAndSayWhatTheyDo) {
  for (PrefetchMode m : kAllModes) EXPECT_EQ(modeFromName(modeName(m)), m);
  EXPECT_EQ(modeName(PrefetchMode::OnPageable), "on-pageable");
  EXPECT_FALSE(modeFromName("prefetch"));
  EXPECT_TRUE(usesPinnedMemory(PrefetchMode::Pinned));
  EXPECT_TRUE(usesPinnedMemory(PrefetchMode::On));
  EXPECT_FALSE(usesPinnedMemory(PrefetchMode::OnPageable));
  EXPECT_TRUE(prefetches(PrefetchMode::OnPageable));
  EXPECT_FALSE(prefetches(PrefetchMode::Pinned));
  EXPECT_NE(modeDescription(PrefetchMode::Off).find("pageable"), std::string_view::npos);
}

TEST(WorkloadConfig, ModeListsKeepOrderDropRepeatsAndNameTheBadWord) {
  auto modes = parseModeList("on,off,on,on-pageable");
  ASSERT_TRUE(modes);
  EXPECT_EQ(*modes,
            (std::vector<PrefetchMode>{PrefetchMode::On, PrefetchMode::Off, PrefetchMode::OnPageable}));
  std::string bad;
  EXPECT_FALSE(parseModeList("off,fast", &bad));
  EXPECT_EQ(bad, "fast");
  EXPECT_FALSE(parseModeList(",", &bad));
  EXPECT_EQ(phaseFromName("predict"), Phase::Predict);
  EXPECT_FALSE(phaseFromName("eval"));
}

TEST(WorkloadConfig, ValidationNamesTheOptionAtFault) {
  WorkloadConfig c;
  EXPECT_EQ(validate(c), "");
  EXPECT_EQ(c.batchBytes(), 64u << 20);
  c.batch_mib = 0.5;
  EXPECT_EQ(c.batchBytes(), 512u * 1024);
  c.depth = 1;
  EXPECT_NE(validate(c).find("--depth"), std::string::npos);
  c.depth = 2;
  c.workers = 0;
  EXPECT_NE(validate(c).find("--workers"), std::string::npos);
  c.workers = 4;
  c.steps = 0;
  EXPECT_NE(validate(c).find("--steps"), std::string::npos);
  EXPECT_EQ(WorkloadConfig{}.hostSlots(), 2 * 4 + 2 + 1);
}

TEST(WorkloadConfig, IdealStepIsTheSlowestOfComputeCopyAndLoadPerWorker) {
  EXPECT_EQ(idealStepNs(10'000'000, 1'200'000, 20'000'000, 4), 10'000'000);  // compute-bound
  EXPECT_EQ(idealStepNs(10'000'000, 1'200'000, 60'000'000, 4), 15'000'000);  // loader-bound
  EXPECT_EQ(idealStepNs(1'000'000, 9'000'000, 0, 4), 9'000'000);             // copy-bound
}

}  // namespace
}  // namespace feedscope::workload
