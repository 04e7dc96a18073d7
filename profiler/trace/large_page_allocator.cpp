// Huge-page-backed blocks with a bounded cache of freed ones.
#include "trace/large_page_allocator.h"

#include <sys/mman.h>

#include <cstdint>
#include <mutex>
#include <new>
#include <unordered_map>

namespace feedscope::trace {

namespace {

struct Cache {
  std::mutex mutex;
  std::vector<std::pair<void*, std::size_t>> blocks;  // (address, rounded size)
  std::size_t bytes = 0;
  // Cached blocks handed out for a smaller request keep their whole size (address -> mapped size):
  // trimming them would unmap pages that are already faulted in, and the next request of the larger
  // size would map and zero fresh ones.
  std::unordered_map<void*, std::size_t> larger;
};

Cache& cache() {
  static Cache* c = new Cache;  // never destroyed: blocks may be freed during static destruction
  return *c;
}

void* mapAligned(std::size_t size) {
  // Map one huge page more than needed and trim to a 2 MiB-aligned region, so that the kernel can
  // back all of it with huge pages (it only does so for aligned 2 MiB ranges).
  const std::size_t mapped = size + LargeBlocks::kHugePageBytes;
  void* p = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  const auto begin = reinterpret_cast<std::uintptr_t>(p);
  const std::uintptr_t aligned = (begin + LargeBlocks::kHugePageBytes - 1) & ~(LargeBlocks::kHugePageBytes - 1);
  if (aligned > begin) ::munmap(p, aligned - begin);
  const std::uintptr_t end = begin + mapped, used = aligned + size;
  if (end > used) ::munmap(reinterpret_cast<void*>(used), end - used);
  ::madvise(reinterpret_cast<void*>(aligned), size, MADV_HUGEPAGE);  // a hint; ignored without THP
  return reinterpret_cast<void*>(aligned);
}

}  // namespace

void* LargeBlocks::allocate(std::size_t bytes) {
  const std::size_t size = roundUp(bytes);
  {
    // Reuse the smallest cached block that fits without wasting more than its own size.
    Cache& c = cache();
    std::lock_guard<std::mutex> lock(c.mutex);
    std::size_t best = c.blocks.size();
    for (std::size_t i = 0; i < c.blocks.size(); ++i) {
      std::size_t s = c.blocks[i].second;
      if (s >= size && s <= 2 * size && (best == c.blocks.size() || s < c.blocks[best].second)) best = i;
    }
    if (best != c.blocks.size()) {
      auto [p, mapped] = c.blocks[best];
      c.bytes -= mapped;
      if (mapped != size) c.larger.emplace(p, mapped);
      c.blocks.erase(c.blocks.begin() + static_cast<std::ptrdiff_t>(best));
      return p;
    }
  }
  return mapAligned(size);
}

void LargeBlocks::deallocate(void* p, std::size_t bytes) noexcept {
  std::size_t size = roundUp(bytes);
  Cache& c = cache();
  {
    std::lock_guard<std::mutex> lock(c.mutex);
    if (auto it = c.larger.find(p); it != c.larger.end()) {
      size = it->second;
      c.larger.erase(it);
    }
    if (c.bytes + size <= kCacheLimitBytes) {
      c.blocks.emplace_back(p, size);
      c.bytes += size;
      return;
    }
  }
  ::munmap(p, size);
}

void LargeBlocks::releaseCache() noexcept {
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  for (auto [p, size] : c.blocks) ::munmap(p, size);
  c.blocks.clear();
  c.bytes = 0;
}

std::size_t LargeBlocks::cachedBytes() noexcept {
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  return c.bytes;
}

}  // namespace feedscope::trace
