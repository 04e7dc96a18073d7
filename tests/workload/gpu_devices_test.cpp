// Device discovery on a machine without a GPU: one line that says why, as NoGpuError.
#include "workload/gpu_devices.h"

#include <gtest/gtest.h>

#include "workload/gpu_error.h"

namespace feedscope::workload {
namespace {

TEST(GpuDevices, WithoutAGpuTheReasonIsOneLine) {
  try {
    std::vector<GpuDevice> devices = listGpus();
    ASSERT_FALSE(devices.empty());
    EXPECT_FALSE(devices.front().name.empty());
    GTEST_SKIP() << "this machine has a GPU: " << devices.front().name;
  } catch (const NoGpuError& e) {
    std::string m = e.what();
    EXPECT_FALSE(m.empty());
    EXPECT_EQ(m.find('\n'), std::string::npos);
    EXPECT_THROW(requireGpu(0), NoGpuError);
  }
}

TEST(GpuDevices, CudaVersionsReadAsMajorDotMinor) {
  EXPECT_EQ(formatCudaVersion(13000), "13.0");
  EXPECT_EQ(formatCudaVersion(12080), "12.8");
  EXPECT_EQ(formatCudaVersion(0), "0.0");
  EXPECT_GE(cudaVersions().runtime, 13000);  // the runtime this build links
}

}  // namespace
}  // namespace feedscope::workload
