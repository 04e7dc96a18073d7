// Uninitialised growable byte buffer.
#include "read/byte_buffer.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "trace/large_page_allocator.h"

namespace feedscope::io {

namespace {
trace::LargePageAllocator<char> allocator;
}

ByteBuffer::~ByteBuffer() {
  if (data_) allocator.deallocate(data_, capacity_);
}

ByteBuffer::ByteBuffer(ByteBuffer&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      capacity_(std::exchange(other.capacity_, 0)) {}

ByteBuffer& ByteBuffer::operator=(ByteBuffer&& other) noexcept {
  std::swap(data_, other.data_);
  std::swap(size_, other.size_);
  std::swap(capacity_, other.capacity_);
  return *this;
}

void ByteBuffer::reserve(std::size_t capacity) {
  if (capacity <= capacity_) return;
  char* bigger = allocator.allocate(capacity);
  if (size_ > 0) std::memcpy(bigger, data_, size_);
  if (data_) allocator.deallocate(data_, capacity_);
  data_ = bigger;
  capacity_ = capacity;
}

void ByteBuffer::setSize(std::size_t size) { size_ = std::min(size, capacity_); }

void ByteBuffer::append(const char* bytes, std::size_t n) {
  if (size_ + n > capacity_) reserve(std::max(size_ + n, capacity_ * 2));
  std::memcpy(data_ + size_, bytes, n);
  size_ += n;
}

void ByteBuffer::zeroPadding(std::size_t n) {
  reserve(size_ + n);
  std::memset(data_ + size_, 0, n);
}

}  // namespace feedscope::io
