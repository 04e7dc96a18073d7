// The huge-page block cache behind the big arrays: freed blocks are reused whole, a cached block
// handed out for a smaller request goes back at its full size, and the cache stays under its cap.
#include "trace/large_page_allocator.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace {

using feedscope::trace::LargeBlocks;
using feedscope::trace::LargeVector;

constexpr std::size_t kMiB = std::size_t{1} << 20;

TEST(LargeBlocks, BlocksAreHugePageAlignedAndWholeHugePages) {
  LargeBlocks::releaseCache();
  void* p = LargeBlocks::allocate(3 * kMiB + 1);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % LargeBlocks::kHugePageBytes, 0u);
  std::memset(p, 0x5a, 4 * kMiB);  // rounded up to two huge pages: all of it is usable
  LargeBlocks::deallocate(p, 3 * kMiB + 1);
  EXPECT_EQ(LargeBlocks::cachedBytes(), 4 * kMiB);
  LargeBlocks::releaseCache();
  EXPECT_EQ(LargeBlocks::cachedBytes(), 0u);
}

TEST(LargeBlocks, AFreedBlockIsReusedForTheNextRequestOfItsSize) {
  LargeBlocks::releaseCache();
  void* first = LargeBlocks::allocate(8 * kMiB);
  LargeBlocks::deallocate(first, 8 * kMiB);
  void* second = LargeBlocks::allocate(8 * kMiB);
  EXPECT_EQ(second, first);
  EXPECT_EQ(LargeBlocks::cachedBytes(), 0u);
  LargeBlocks::deallocate(second, 8 * kMiB);
  LargeBlocks::releaseCache();
}

// Trimming a cached block to the request would unmap pages already faulted in; the next request of
// the larger size would then map and zero fresh ones (the cost this cache exists to avoid).
TEST(LargeBlocks, ALargerCachedBlockIsHandedOutAndReturnedWhole) {
  LargeBlocks::releaseCache();
  void* big = LargeBlocks::allocate(16 * kMiB);
  std::memset(big, 1, 16 * kMiB);
  LargeBlocks::deallocate(big, 16 * kMiB);
  void* smaller = LargeBlocks::allocate(10 * kMiB);  // fits: at most twice the request
  EXPECT_EQ(smaller, big);
  LargeBlocks::deallocate(smaller, 10 * kMiB);
  EXPECT_EQ(LargeBlocks::cachedBytes(), 16 * kMiB);
  EXPECT_EQ(LargeBlocks::allocate(16 * kMiB), big);
  LargeBlocks::deallocate(big, 16 * kMiB);
  LargeBlocks::releaseCache();
}

TEST(LargeBlocks, ABlockMoreThanTwiceTheRequestIsNotUsed) {
  LargeBlocks::releaseCache();
  void* big = LargeBlocks::allocate(64 * kMiB);
  LargeBlocks::deallocate(big, 64 * kMiB);
  void* small = LargeBlocks::allocate(4 * kMiB);
  EXPECT_NE(small, big);
  EXPECT_EQ(LargeBlocks::cachedBytes(), 64 * kMiB);
  LargeBlocks::deallocate(small, 4 * kMiB);
  LargeBlocks::releaseCache();
}

TEST(LargeBlocks, TheCacheKeepsNoMoreThanItsLimit) {
  LargeBlocks::releaseCache();
  // Address space only: the blocks are never touched, so this costs no memory.
  const std::size_t block = 256 * kMiB;
  std::vector<void*> blocks;
  for (std::size_t total = 0; total <= LargeBlocks::kCacheLimitBytes; total += block)
    blocks.push_back(LargeBlocks::allocate(block));
  for (void* p : blocks) LargeBlocks::deallocate(p, block);
  EXPECT_LE(LargeBlocks::cachedBytes(), LargeBlocks::kCacheLimitBytes);
  EXPECT_GE(LargeBlocks::cachedBytes(), LargeBlocks::kCacheLimitBytes - block);
  LargeBlocks::releaseCache();
}

TEST(LargePageAllocator, VectorsGrowAcrossTheThresholdAndKeepTheirContents) {
  LargeBlocks::releaseCache();
  LargeVector<std::int64_t> v;
  for (std::int64_t i = 0; i < 1'000'000; ++i) v.push_back(i * 3);  // 8 MB: past one huge page
  for (std::int64_t i = 0; i < 1'000'000; i += 99'999) ASSERT_EQ(v[static_cast<std::size_t>(i)], i * 3);
  v.clear();
  v.shrink_to_fit();
  EXPECT_GT(LargeBlocks::cachedBytes(), 0u);  // the grown blocks went back to the cache
  LargeBlocks::releaseCache();
}

}  // namespace
