// The activity buffer pool: capped, fresh buffers, safe release of foreign pointers, many threads.
#include "cupti/buffer_pool.h"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <set>
#include <thread>
#include <vector>

namespace feedscope::cupti {
namespace {

TEST(BufferPool, HandsOutFreshAlignedBuffersUpToTheCap) {
  BufferPool pool(4096, 3);
  std::set<std::uint8_t*> seen;
  for (int i = 0; i < 3; ++i) {
    BufferPool::Buffer b = pool.acquire();
    ASSERT_NE(b.data, nullptr);
    EXPECT_EQ(b.bytes, 4096u);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(b.data) % 8, 0u);
    EXPECT_TRUE(seen.insert(b.data).second) << "a buffer still out was handed out again";
  }
  BufferPool::Buffer refused = pool.acquire();
  EXPECT_EQ(refused.data, nullptr);
  EXPECT_EQ(refused.bytes, 0u);
  EXPECT_EQ(pool.refused(), 1u);
  EXPECT_EQ(pool.outstanding(), 3u);

  EXPECT_TRUE(pool.release(*seen.begin()));
  EXPECT_EQ(pool.outstanding(), 2u);
  EXPECT_NE(pool.acquire().data, nullptr);  // room again
  EXPECT_EQ(pool.handedOut(), 4u);
}

TEST(BufferPool, NullForeignAndTwiceReleasedBuffersFreeNothing) {
  BufferPool pool(64, 2);
  BufferPool::Buffer b = pool.acquire();
  std::uint8_t foreign[64];
  EXPECT_FALSE(pool.release(nullptr));
  EXPECT_FALSE(pool.release(foreign));
  EXPECT_EQ(pool.outstanding(), 1u);
  EXPECT_TRUE(pool.release(b.data));
  EXPECT_FALSE(pool.release(b.data));
  EXPECT_EQ(pool.outstanding(), 0u);
}

TEST(BufferPool, ConfigureChangesLaterBuffers) {
  BufferPool pool(64, 1);
  BufferPool::Buffer small = pool.acquire();
  pool.configure(1024, 2);
  BufferPool::Buffer big = pool.acquire();
  EXPECT_EQ(small.bytes, 64u);
  EXPECT_EQ(big.bytes, 1024u);
  EXPECT_EQ(pool.bufferBytes(), 1024u);
  EXPECT_TRUE(pool.release(small.data));
  EXPECT_TRUE(pool.release(big.data));
}

// CUDA 13 completes per-thread buffers on several threads at once: the cap must hold under contention.
TEST(BufferPool, CapHoldsWithManyThreadsRequestingAndReleasing) {
  constexpr std::size_t kCap = 4;
  BufferPool pool(256, kCap);
  std::atomic<int> inHand{0};
  std::atomic<int> maxInHand{0};
  std::atomic<std::uint64_t> granted{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 2000; ++i) {
        BufferPool::Buffer b = pool.acquire();
        if (b.data == nullptr) continue;
        ++granted;
        int now = ++inHand;
        int seen = maxInHand.load();
        while (now > seen && !maxInHand.compare_exchange_weak(seen, now)) {
        }
        b.data[0] = 1;  // the memory is ours to write
        --inHand;
        ASSERT_TRUE(pool.release(b.data));
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_LE(maxInHand.load(), static_cast<int>(kCap));
  EXPECT_EQ(pool.outstanding(), 0u);
  EXPECT_EQ(pool.handedOut(), granted.load());
  EXPECT_EQ(granted.load() + pool.refused(), 8u * 2000u);
}

// A child forked while another thread of the parent works the pool (its lock may be held at fork()):
// CUPTI's buffer request there returns no buffer at once instead of waiting for ever on that lock.
TEST(BufferPool, AForkedChildGetsNoBufferAndTakesNoLock) {
  BufferPool pool(4096, 4);
  std::atomic<bool> stop{false};
  std::thread busy([&] {
    while (!stop.load()) pool.release(pool.acquire().data);
  });
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    alarm(5);  // a wait on the lock would end here, as a failure
    BufferPool::Buffer b = bufferForCupti(pool, true);
    _exit(b.data == nullptr && b.bytes == 0 ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  stop = true;
  busy.join();
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "status " << status;
  BufferPool::Buffer parent = bufferForCupti(pool, false);
  EXPECT_NE(parent.data, nullptr);
  EXPECT_TRUE(pool.release(parent.data));
}

}  // namespace
}  // namespace feedscope::cupti
