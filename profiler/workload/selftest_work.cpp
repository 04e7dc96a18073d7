// The self-test's known GPU work.
#include <cuda_runtime.h>
#include <fmt/format.h>
#include <nvtx3/nvToolsExt.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstring>

#include "cupti/clock.h"
#include "trace/clock.h"
#include "workload/cuda_check.h"
#include "workload/cuda_resources.h"
#include "workload/gpu_devices.h"
#include "workload/selftest.h"
#include "workload/selftest_kernel.h"

namespace feedscope::workload {

KnownWork runKnownWork(int device) {
  requireGpu(device);
  checkCuda(cudaSetDevice(device), "selecting GPU " + std::to_string(device));
  constexpr std::uint64_t kPageable = 1u << 20, kPinned = 4u << 20, kMemset = 64u << 10,
                          kDeviceCopy = 2u << 20;
  constexpr int kElements = 1 << 20;

  KnownWork work;
  work.range_name = "feedscope self-test";
  work.pid = ::getpid();
  work.tid = static_cast<std::int64_t>(::syscall(SYS_gettid));
  PageableBuffer pageable(kPinned, "allocating host memory for the self-test");
  std::memset(pageable.get(), 3, kPinned);
  PinnedBuffer<std::uint8_t> pinned(kPinned, "allocating pinned memory for the self-test");
  std::memset(pinned.get(), 5, kPinned);
  // Floats, as the self-test kernel reads them.
  DeviceBuffer<float> device0(kPinned / sizeof(float), "allocating device memory for the self-test");
  DeviceBuffer<std::uint8_t> device1(kPinned, "allocating device memory for the self-test");
  Stream stream("creating the self-test stream");
  checkCuda(cudaDeviceSynchronize(), "settling before the self-test");

  work.started_ns = trace::monotonicNowNs();
  nvtxRangePushA(work.range_name.c_str());
  checkCuda(cudaMemcpy(device0.get(), pageable.get(), kPageable, cudaMemcpyHostToDevice), "pageable copy");
  work.operations.push_back(
      {trace::IntervalKind::MemcpyHtoD, kPageable, trace::MemoryKind::Pageable, "", "cudaMemcpy", ""});
  checkCuda(cudaMemcpyAsync(device0.get(), pinned.get(), kPinned, cudaMemcpyHostToDevice, stream.get()), "pinned copy");
  checkCuda(cudaStreamSynchronize(stream.get()), "pinned copy");
  work.operations.push_back(
      {trace::IntervalKind::MemcpyHtoD, kPinned, trace::MemoryKind::Pinned, "", "cudaMemcpyAsync", ""});
  checkCuda(launchSelftestKernel(stream.get(), device0.get(), kElements),
            "launching the self-test kernel");
  checkCuda(cudaStreamSynchronize(stream.get()), "self-test kernel");
  work.operations.push_back({trace::IntervalKind::Kernel, 0, trace::MemoryKind::Unknown,
                             "feedscopeSelftestKernel", "cudaLaunchKernel",
                             fmt::format(R"("grid": [{}, 1, 1], "block": [{}, 1, 1])", selftestBlocks(kElements),
                                         kSelftestBlockThreads)});
  // The same kernel launched as cuBLAS and Triton launch theirs: through the driver (cupti/driver_calls.h).
  checkCuda(launchSelftestKernelThroughDriver(stream.get(), device0.get(), kElements),
            "launching the self-test kernel through the driver");
  checkCuda(cudaStreamSynchronize(stream.get()), "self-test kernel through the driver");
  work.operations.push_back({trace::IntervalKind::Kernel, 0, trace::MemoryKind::Unknown,
                             "feedscopeSelftestKernel", "cuLaunchKernel",
                             fmt::format(R"("grid": [{}, 1, 1], "block": [{}, 1, 1])", selftestBlocks(kElements),
                                         kSelftestBlockThreads)});
  checkCuda(cudaMemsetAsync(device1.get(), 0, kMemset, stream.get()), "memset");
  checkCuda(cudaStreamSynchronize(stream.get()), "memset");
  work.operations.push_back(
      {trace::IntervalKind::Memset, kMemset, trace::MemoryKind::Unknown, "", "cudaMemsetAsync", ""});
  checkCuda(cudaMemcpyAsync(device1.get(), device0.get(), kDeviceCopy, cudaMemcpyDeviceToDevice, stream.get()),
            "device copy");
  checkCuda(cudaStreamSynchronize(stream.get()), "device copy");
  work.operations.push_back(
      {trace::IntervalKind::MemcpyDtoD, kDeviceCopy, trace::MemoryKind::Unknown, "", "cudaMemcpyAsync", ""});
  checkCuda(cudaMemcpyAsync(pinned.get(), device0.get(), kPinned, cudaMemcpyDeviceToHost, stream.get()), "copy back");
  checkCuda(cudaStreamSynchronize(stream.get()), "copy back");
  work.operations.push_back(
      {trace::IntervalKind::MemcpyDtoH, kPinned, trace::MemoryKind::Pinned, "", "cudaMemcpyAsync", ""});
  nvtxRangePop();
  work.finished_ns = trace::monotonicNowNs();
  return work;
}

}  // namespace feedscope::workload
