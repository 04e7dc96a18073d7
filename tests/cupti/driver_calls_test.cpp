// The driver calls recorded by default: launches, copies, sets and waits, by CUPTI's own callback ids.
#include "cupti/driver_calls.h"

#include <cupti.h>
#include <gtest/gtest.h>

#include <algorithm>

namespace feedscope::cupti {
namespace {

bool recorded(const std::vector<std::uint32_t>& ids, CUpti_CallbackId id) {
  return std::binary_search(ids.begin(), ids.end(), static_cast<std::uint32_t>(id));
}

TEST(DriverCalls, LaunchesCopiesSetsAndWaitsAreKeptByName) {
  for (const char* name : {"cuLaunchKernel", "cuLaunchKernelEx", "cuLaunchCooperativeKernel", "cuGraphLaunch",
                           "cuMemcpyHtoDAsync", "cuMemcpyAsync", "cuMemcpy", "cuMemsetD32Async",
                           "cuStreamSynchronize", "cuCtxSynchronize", "cuEventSynchronize", "cuStreamWaitEvent"}) {
    EXPECT_TRUE(isRecordedDriverCall(name)) << name;
  }
  for (const char* name : {"cuCtxGetCurrent", "cuDeviceGetAttribute", "cuMemAlloc", "cuModuleLoadData",
                           "cuGetProcAddress", "cuEventRecord", "cuStreamSynchronizeX", "cuLaunc"}) {
    EXPECT_FALSE(isRecordedDriverCall(name)) << name;
  }
}

// The ids come from CUPTI's name table, which answers without a driver: what cuBLAS and Triton call
// to launch and copy is there, the per-step noise is not.
TEST(DriverCalls, TheCallbackIdsAreCuptisOwnForThoseNames) {
  std::vector<std::uint32_t> ids = recordedDriverCallbacks();
  ASSERT_TRUE(std::is_sorted(ids.begin(), ids.end()));
  for (CUpti_CallbackId id : {CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel, CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx,
                              CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz, CUPTI_DRIVER_TRACE_CBID_cuMemcpyHtoDAsync_v2,
                              CUPTI_DRIVER_TRACE_CBID_cuMemcpyAsync, CUPTI_DRIVER_TRACE_CBID_cuMemsetD32Async,
                              CUPTI_DRIVER_TRACE_CBID_cuStreamSynchronize, CUPTI_DRIVER_TRACE_CBID_cuGraphLaunch}) {
    EXPECT_TRUE(recorded(ids, id)) << "callback id " << id;
  }
  for (CUpti_CallbackId id : {CUPTI_DRIVER_TRACE_CBID_cuCtxGetCurrent, CUPTI_DRIVER_TRACE_CBID_cuDeviceGetAttribute,
                              CUPTI_DRIVER_TRACE_CBID_cuMemAlloc_v2, CUPTI_DRIVER_TRACE_CBID_cuEventRecord}) {
    EXPECT_FALSE(recorded(ids, id)) << "callback id " << id;
  }
  // A few dozen of the ~800 driver calls, not all of them.
  EXPECT_GT(ids.size(), 40u);
  EXPECT_LT(ids.size(), 200u);
}

}  // namespace
}  // namespace feedscope::cupti
