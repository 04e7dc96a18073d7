// Owned, capped activity buffers.
#include "cupti/buffer_pool.h"

#include <new>

namespace feedscope::cupti {

// CUPTI needs 8-byte aligned buffers; operator new[] gives at least this.
static_assert(__STDCPP_DEFAULT_NEW_ALIGNMENT__ >= 8);

BufferPool::BufferPool(std::size_t bufferBytes, std::size_t maxOutstanding)
    : buffer_bytes_(bufferBytes), max_outstanding_(maxOutstanding) {}

void BufferPool::configure(std::size_t bufferBytes, std::size_t maxOutstanding) {
  std::lock_guard lock(mutex_);
  buffer_bytes_ = bufferBytes;
  max_outstanding_ = maxOutstanding;
}

BufferPool::Buffer BufferPool::acquire() {
  std::lock_guard lock(mutex_);
  if (out_.size() >= max_outstanding_ || buffer_bytes_ == 0) {
    ++refused_;
    return {};
  }
  auto buffer = std::unique_ptr<std::uint8_t[]>(new (std::nothrow) std::uint8_t[buffer_bytes_]);
  if (!buffer) {
    ++refused_;
    return {};
  }
  Buffer handed{buffer.get(), buffer_bytes_};
  out_.emplace(handed.data, std::move(buffer));
  ++handed_out_;
  return handed;
}

bool BufferPool::release(std::uint8_t* buffer) {
  if (buffer == nullptr) return false;
  std::unique_ptr<std::uint8_t[]> owned;
  {
    std::lock_guard lock(mutex_);
    auto it = out_.find(buffer);
    if (it == out_.end()) return false;
    owned = std::move(it->second);
    out_.erase(it);
  }
  return true;  // `owned` frees the memory outside the lock
}

std::size_t BufferPool::bufferBytes() const {
  std::lock_guard lock(mutex_);
  return buffer_bytes_;
}

std::size_t BufferPool::outstanding() const {
  std::lock_guard lock(mutex_);
  return out_.size();
}

std::uint64_t BufferPool::refused() const {
  std::lock_guard lock(mutex_);
  return refused_;
}

std::uint64_t BufferPool::handedOut() const {
  std::lock_guard lock(mutex_);
  return handed_out_;
}

BufferPool::Buffer bufferForCupti(BufferPool& pool, bool inForkedChild) {
  if (inForkedChild) return {};
  return pool.acquire();
}

}  // namespace feedscope::cupti
