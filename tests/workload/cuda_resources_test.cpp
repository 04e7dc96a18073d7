// The workload's CUDA owners: an empty one frees nothing, a failed creation throws GpuError naming what
// was being created (on a machine without a GPU every creation fails; with one, each holds its object).
#include "workload/cuda_resources.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "workload/gpu_error.h"

namespace feedscope::workload {
namespace {

bool haveGpu() {
  int count = 0;
  return cudaGetDeviceCount(&count) == cudaSuccess && count > 0;
}

// Creates one owner with `make`: without a GPU it must throw GpuError("<what>: <CUDA's reason>").
template <typename Make>
void expectCreatedOrNamedFailure(const std::string& what, Make make) {
  if (haveGpu()) {
    EXPECT_NE(make(), nullptr) << what;
    return;
  }
  try {
    make();
    ADD_FAILURE() << what << " succeeded without a GPU";
  } catch (const GpuError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(what + ": ", 0), 0u) << e.what();
  }
}

TEST(CudaResources, EmptyBuffersHoldNothing) {
  DeviceBuffer<float> device;
  PinnedBuffer<std::uint8_t> pinned;
  PageableBuffer pageable;
  EXPECT_EQ(device.get(), nullptr);
  EXPECT_EQ(pinned.get(), nullptr);
  EXPECT_EQ(pageable.get(), nullptr);
  EXPECT_EQ(device.bytes(), 0u);
}

TEST(CudaResources, PageableBuffersArePageAlignedAndMove) {
  PageableBuffer a(10000, "allocating a test buffer");
  ASSERT_NE(a.get(), nullptr);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(a.get()) % 4096, 0u);
  EXPECT_EQ(a.bytes(), 10000u);
  std::uint8_t* memory = a.get();
  PageableBuffer b = std::move(a);
  EXPECT_EQ(b.get(), memory);
}

TEST(CudaResources, CreationFailuresNameWhatWasBeingCreated) {
  expectCreatedOrNamedFailure("allocating a device test buffer", [] {
    return static_cast<void*>(DeviceBuffer<float>(16, "allocating a device test buffer").get());
  });
  expectCreatedOrNamedFailure("allocating a pinned test buffer", [] {
    return static_cast<void*>(PinnedBuffer<float>(16, "allocating a pinned test buffer").get());
  });
  expectCreatedOrNamedFailure("creating a test stream",
                              [] { return static_cast<void*>(Stream("creating a test stream").get()); });
  expectCreatedOrNamedFailure("creating a test event", [] {
    return static_cast<void*>(Event(cudaEventDisableTiming, "creating a test event").get());
  });
}

}  // namespace
}  // namespace feedscope::workload
