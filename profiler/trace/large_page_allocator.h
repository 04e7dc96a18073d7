// An allocator for the big arrays of the analysis (millions of spans, segments, copies): large
// blocks are mapped directly and marked for transparent huge pages, because on traces of 10 M
// intervals first-touch page faults, not computation, dominated the run time (docs/performance.md).
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <memory>
#include <new>
#include <vector>

namespace feedscope::trace {

template <typename T>
class LargePageAllocator {
 public:
  using value_type = T;
  // Below this a block comes from the ordinary heap: mapping would cost more than it saves.
  static constexpr std::size_t kMapThresholdBytes = std::size_t{4} << 20;

  LargePageAllocator() noexcept = default;
  template <typename U>
  LargePageAllocator(const LargePageAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kMapThresholdBytes) return std::allocator<T>().allocate(n);
    void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    ::madvise(p, bytes, MADV_HUGEPAGE);  // a hint: without THP support it is simply ignored
    return static_cast<T*>(p);
  }

  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kMapThresholdBytes) {
      std::allocator<T>().deallocate(p, n);
    } else {
      ::munmap(p, bytes);
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
