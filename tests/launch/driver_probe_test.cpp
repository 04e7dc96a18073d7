// What the driver says, asked of a stand-in driver (tests/launch/fake_cuda_driver.cpp) set to each case.
#include "driver_probe/cuda_driver.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace feedscope::driver_probe {
namespace {

struct FakeDriver {
  explicit FakeDriver(const char* library = FEEDSCOPE_FAKE_CUDA_DRIVER) { setenv(kCudaDriverVar, library, 1); }
  ~FakeDriver() {
    unsetenv(kCudaDriverVar);
    unsetenv("FAKE_DRIVER_VERSION");
    unsetenv("FAKE_CUINIT");
  }
};

TEST(DriverProbe, VersionsReadAsCudaDoes) {
  EXPECT_EQ(cudaVersionText(13000), "13.0");
  EXPECT_EQ(cudaVersionText(12040), "12.4");
  EXPECT_EQ(cudaVersionText(11080), "11.8");
}

// CUPTI error 999 says nothing; the driver's version tells which case it is (issue: the first GPU run).
TEST(DriverProbe, CuptiFailingToStartIsExplainedByTheDriver) {
  {
    FakeDriver none("/nonexistent/libcuda.so.1");
    EXPECT_EQ(cuptiStartFailureReason(13), "no CUDA driver on this machine (/nonexistent/libcuda.so.1 was not found)");
  }
  {
    FakeDriver old;
    setenv("FAKE_DRIVER_VERSION", "12040", 1);
    EXPECT_EQ(cuptiStartFailureReason(13),
              "the NVIDIA driver supports CUDA 12.4, and this Feedscope's CUPTI needs a driver for CUDA 13 or "
              "newer: update the NVIDIA driver");
  }
  {
    FakeDriver current;
    setenv("FAKE_DRIVER_VERSION", "13010", 1);
    setenv("FAKE_CUINIT", "999", 1);  // never asked: the injection runs inside cuInit
    EXPECT_EQ(cuptiStartFailureReason(13).rfind("the NVIDIA driver (CUDA 13.1) is loaded, yet CUPTI could not start", 0),
              0u);
  }
}

TEST(DriverProbe, NothingRecordedIsExplainedByInitialisingTheDriver) {
  {
    FakeDriver usable;
    EXPECT_EQ(cudaUnavailableReason(), std::nullopt);
  }
  {
    FakeDriver broken;
    setenv("FAKE_CUINIT", "999", 1);
    EXPECT_EQ(cudaUnavailableReason(), "the CUDA driver cannot start (cuInit returned 999)");
  }
}

}  // namespace
}  // namespace feedscope::driver_probe
