// The self-test's known GPU work.
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

#include "cupti/clock.h"
#include "trace/clock.h"
#include "workload/cuda_check.h"
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
  void* pageable = std::malloc(kPinned);
  if (pageable == nullptr) throw GpuError("allocating host memory for the self-test failed");
  std::memset(pageable, 3, kPinned);
  void* pinned = nullptr;
  void* device0 = nullptr;
  void* device1 = nullptr;
  cudaStream_t stream = nullptr;
  auto release = [&] {
    if (stream != nullptr) cudaStreamDestroy(stream);
    cudaFree(device1);
    cudaFree(device0);
    cudaFreeHost(pinned);
    std::free(pageable);
  };
  try {
    checkCuda(cudaHostAlloc(&pinned, kPinned, cudaHostAllocDefault),
              "allocating pinned memory for the self-test");
    std::memset(pinned, 5, kPinned);
    checkCuda(cudaMalloc(&device0, kPinned), "allocating device memory for the self-test");
    checkCuda(cudaMalloc(&device1, kPinned), "allocating device memory for the self-test");
    checkCuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "creating the self-test stream");
    checkCuda(cudaDeviceSynchronize(), "settling before the self-test");

    work.started_ns = trace::monotonicNowNs();
    nvtxRangePushA(work.range_name.c_str());
    checkCuda(cudaMemcpy(device0, pageable, kPageable, cudaMemcpyHostToDevice), "pageable copy");
    work.operations.push_back(
        {trace::IntervalKind::MemcpyHtoD, kPageable, trace::MemoryKind::Pageable, "", "cudaMemcpy"});
    checkCuda(cudaMemcpyAsync(device0, pinned, kPinned, cudaMemcpyHostToDevice, stream), "pinned copy");
    checkCuda(cudaStreamSynchronize(stream), "pinned copy");
    work.operations.push_back(
        {trace::IntervalKind::MemcpyHtoD, kPinned, trace::MemoryKind::Pinned, "", "cudaMemcpyAsync"});
    checkCuda(launchSelftestKernel(stream, static_cast<float*>(device0), kElements),
              "launching the self-test kernel");
    checkCuda(cudaStreamSynchronize(stream), "self-test kernel");
    work.operations.push_back({trace::IntervalKind::Kernel, 0, trace::MemoryKind::Unknown,
                               "feedscopeSelftestKernel", "cudaLaunchKernel"});
    checkCuda(cudaMemsetAsync(device1, 0, kMemset, stream), "memset");
    checkCuda(cudaStreamSynchronize(stream), "memset");
    work.operations.push_back(
        {trace::IntervalKind::Memset, kMemset, trace::MemoryKind::Unknown, "", "cudaMemsetAsync"});
    checkCuda(cudaMemcpyAsync(device1, device0, kDeviceCopy, cudaMemcpyDeviceToDevice, stream),
              "device copy");
    checkCuda(cudaStreamSynchronize(stream), "device copy");
    work.operations.push_back(
        {trace::IntervalKind::MemcpyDtoD, kDeviceCopy, trace::MemoryKind::Unknown, "", "cudaMemcpyAsync"});
    checkCuda(cudaMemcpyAsync(pinned, device0, kPinned, cudaMemcpyDeviceToHost, stream), "copy back");
    checkCuda(cudaStreamSynchronize(stream), "copy back");
    work.operations.push_back(
        {trace::IntervalKind::MemcpyDtoH, kPinned, trace::MemoryKind::Pinned, "", "cudaMemcpyAsync"});
    nvtxRangePop();
    work.finished_ns = trace::monotonicNowNs();
  } catch (...) {
    release();
    throw;
  }
  release();
  return work;
}

}  // namespace feedscope::workload
