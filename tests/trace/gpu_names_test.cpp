// GPU names from deviceProperties: products named as they are, AMD families named by architecture,
// compute units and memory (AMD's published specifications).
#include "trace/gpu_names.h"

#include <gtest/gtest.h>

namespace feedscope::trace {
namespace {

constexpr std::int64_t kGiB = std::int64_t{1} << 30;

TEST(GpuNames, ProductNamesStayAsTheTraceGivesThem) {
  EXPECT_EQ(gpuDisplayName({"NVIDIA H200", 9, 0, 132, 141 * kGiB, 32}), "NVIDIA H200");
  EXPECT_EQ(gpuDisplayName({"AMD Instinct MI300X", 9, 4, 304, 206141652992, 64}), "AMD Instinct MI300X");
  EXPECT_EQ(gpuDisplayName({"", -1, -1, 0, 0, 0}), "");
}

// As tests/data/kineto/mi250_rocm.json.gz and ROCm traces without a product name give them.
TEST(GpuNames, AnAmdFamilyNameBecomesTheInstinctItsArchitectureSays) {
  EXPECT_EQ(gpuDisplayName({"AMD Radeon Graphics", 9, 0, 104, 68702699520, 64}),
            "AMD Instinct MI210 or MI250 (gfx90a: 104 CUs, 63 GiB)");
  EXPECT_EQ(gpuDisplayName({"", 9, 4, 304, 192 * kGiB, 64}), "AMD Instinct MI300X (gfx942: 304 CUs, 192 GiB)");
  EXPECT_EQ(gpuDisplayName({"AMD Radeon Graphics", 9, 0, 110, 64 * kGiB, 64}),
            "AMD Instinct MI250X (gfx90a: 110 CUs, 64 GiB)");
  EXPECT_EQ(gpuDisplayName({"AMD Radeon Graphics", 9, 4, 228, 128 * kGiB, 64}),
            "AMD Instinct MI300A (gfx942: 228 CUs, 128 GiB)");
  // An architecture with a count no Instinct has: the architecture, not a guess.
  EXPECT_EQ(gpuDisplayName({"AMD Radeon Graphics", 11, 0, 96, 24 * kGiB, 32}),
            "AMD Radeon Graphics (gfx110x, 96 CUs)");
}

}  // namespace
}  // namespace feedscope::trace
