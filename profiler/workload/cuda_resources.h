// What the workload allocates from CUDA, each owned by one object that frees it once, in its
// destructor: device and pinned buffers, streams, events (and page-aligned pageable buffers, the
// pinned buffers' counterpart). Creation failures throw GpuError naming what was being created.
// Internal to the workload; plain C++17, as model.cu includes it through model.h.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "workload/cuda_check.h"

namespace feedscope::workload {

// Where a CudaBuffer lives: how its memory is allocated and freed.
struct DeviceMemory {
  static cudaError_t allocate(void** p, std::size_t bytes) { return cudaMalloc(p, bytes); }
  void operator()(void* p) const noexcept { cudaFree(p); }
};
struct PinnedMemory {
  static cudaError_t allocate(void** p, std::size_t bytes) {
    return cudaHostAlloc(p, bytes, cudaHostAllocDefault);
  }
  void operator()(void* p) const noexcept { cudaFreeHost(p); }
};

// `count` values of T; empty when default-constructed.
template <typename T, typename Memory>
class CudaBuffer {
 public:
  CudaBuffer() = default;
  CudaBuffer(std::size_t count, const std::string& what) : count_(count) {
    void* p = nullptr;
    checkCuda(Memory::allocate(&p, count * sizeof(T)), what);
    memory_.reset(p);
  }

  T* get() const { return static_cast<T*>(memory_.get()); }
  std::size_t count() const { return count_; }
  std::size_t bytes() const { return count_ * sizeof(T); }

 private:
  std::unique_ptr<void, Memory> memory_;
  std::size_t count_ = 0;
};

template <typename T>
using DeviceBuffer = CudaBuffer<T, DeviceMemory>;
// Host memory the GPU copies from at full speed (cudaHostAlloc).
template <typename T>
using PinnedBuffer = CudaBuffer<T, PinnedMemory>;

// Plain host memory, rounded up to whole pages and page-aligned, so a copy from it is as a framework's
// pageable tensor: staged by CUDA through its own pinned buffer.
class PageableBuffer {
 public:
  PageableBuffer() = default;
  // Throws GpuError("<what> failed") when the memory is not there.
  PageableBuffer(std::size_t bytes, const std::string& what)
      : memory_(static_cast<std::uint8_t*>(std::aligned_alloc(kPage, (bytes + kPage - 1) / kPage * kPage))),
        bytes_(bytes) {
    if (memory_ == nullptr) throw GpuError(what + " failed");
  }

  std::uint8_t* get() const { return memory_.get(); }
  std::size_t bytes() const { return bytes_; }

 private:
  static constexpr std::size_t kPage = 4096;
  struct Free {
    void operator()(std::uint8_t* p) const noexcept { std::free(p); }
  };
  std::unique_ptr<std::uint8_t, Free> memory_;
  std::size_t bytes_ = 0;
};

// A stream that does not synchronise with the legacy default stream (as frameworks create theirs).
class Stream {
 public:
  explicit Stream(const std::string& what) {
    cudaStream_t s = nullptr;
    checkCuda(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), what);
    stream_.reset(s);
  }

  cudaStream_t get() const { return stream_.get(); }

 private:
  struct Destroy {
    void operator()(cudaStream_t s) const noexcept { cudaStreamDestroy(s); }
  };
  std::unique_ptr<CUstream_st, Destroy> stream_;
};

class Event {
 public:
  // `flags` as cudaEventCreateWithFlags takes them: cudaEventDefault to time, cudaEventDisableTiming to
  // order.
  Event(unsigned flags, const std::string& what) {
    cudaEvent_t e = nullptr;
    checkCuda(cudaEventCreateWithFlags(&e, flags), what);
    event_.reset(e);
  }

  cudaEvent_t get() const { return event_.get(); }

 private:
  struct Destroy {
    void operator()(cudaEvent_t e) const noexcept { cudaEventDestroy(e); }
  };
  std::unique_ptr<CUevent_st, Destroy> event_;
};

}  // namespace feedscope::workload
