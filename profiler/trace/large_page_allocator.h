// An allocator for the big arrays of traces and analyses (millions of intervals, spans, segments):
// large blocks are mapped 2 MiB-aligned and marked for transparent huge pages, and freed blocks are
// kept for reuse up to a cap. On traces of 10 M intervals, first-touch page faults and the kernel's
// zeroing of fresh pages, not computation, dominated the run time (docs/performance.md).
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace feedscope::trace {

// The mapping behind LargePageAllocator: not a template, so there is one cache per process.
class LargeBlocks {
 public:
  static constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;
  // Freed blocks kept for reuse, at most this many bytes in all (beyond it they are unmapped). The
  // analysis of a 10 M-interval run frees more than 512 MiB of blocks; with that cap its two largest
  // arrays (146 and 136 MiB) were unmapped and mapped afresh, and zeroed, on every analysis.
  static constexpr std::size_t kCacheLimitBytes = std::size_t{1024} << 20;

  // A 2 MiB-aligned block of at least `bytes` (rounded up to whole huge pages); throws bad_alloc.
  static void* allocate(std::size_t bytes);
  static void deallocate(void* p, std::size_t bytes) noexcept;
  // Unmaps every cached block (tests, and when memory is tight).
  static void releaseCache() noexcept;
  static std::size_t cachedBytes() noexcept;
  static std::size_t roundUp(std::size_t bytes) { return (bytes + kHugePageBytes - 1) & ~(kHugePageBytes - 1); }
};

template <typename T>
class LargePageAllocator {
 public:
  using value_type = T;
  // Below one huge page a block comes from the ordinary heap.
  static constexpr std::size_t kMapThresholdBytes = LargeBlocks::kHugePageBytes;

  LargePageAllocator() noexcept = default;
  template <typename U>
  LargePageAllocator(const LargePageAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kMapThresholdBytes) return std::allocator<T>().allocate(n);
    return static_cast<T*>(LargeBlocks::allocate(bytes));
  }

  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kMapThresholdBytes) {
      std::allocator<T>().deallocate(p, n);
    } else {
      LargeBlocks::deallocate(p, bytes);
    }
  }

  template <typename U>
  bool operator==(const LargePageAllocator<U>&) const noexcept {
    return true;
  }
};

template <typename T>
using LargeVector = std::vector<T, LargePageAllocator<T>>;

}  // namespace feedscope::trace
