// The activity buffers handed to CUPTI: owned here, capped in number, a fresh one for every request,
// released from whichever thread completes them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace feedscope::cupti {

class BufferPool {
 public:
  struct Buffer {
    std::uint8_t* data = nullptr;
    std::size_t bytes = 0;
  };

  BufferPool(std::size_t bufferBytes, std::size_t maxOutstanding);

  // Changes the size and cap of later buffers (buffers already out keep theirs).
  void configure(std::size_t bufferBytes, std::size_t maxOutstanding);
  // A new buffer of bufferBytes(), 8-byte aligned as CUPTI requires, never one CUPTI still holds
  // (reusing a buffer duplicated records: NVIDIA/Fuser#5402); nullptr when maxOutstanding buffers are
  // out (then {nullptr, 0}: CUPTI drops records and counts them).
  Buffer acquire();
  // Frees a buffer this pool handed out and returns true; a null or foreign pointer frees nothing and
  // returns false (CUPTI has completed NULL buffers: pytorch/kineto#1275).
  bool release(std::uint8_t* buffer);

  std::size_t bufferBytes() const;
  std::size_t outstanding() const;
  std::uint64_t refused() const;    // requests turned down because of the cap
  std::uint64_t handedOut() const;  // buffers ever acquired

 private:
  mutable std::mutex mutex_;
  std::size_t buffer_bytes_;
  std::size_t max_outstanding_;
  std::unordered_map<std::uint8_t*, std::unique_ptr<std::uint8_t[]>> out_;
  std::uint64_t refused_ = 0;
  std::uint64_t handed_out_ = 0;
};

// What CUPTI's buffer request gets: a buffer of `pool`, or none at all in a child forked from a
// process where CUPTI ran (a DataLoader worker), without touching the pool's lock there: another
// thread of the parent may have held it at fork() and would never release it in the child.
BufferPool::Buffer bufferForCupti(BufferPool& pool, bool inForkedChild);

}  // namespace feedscope::cupti
