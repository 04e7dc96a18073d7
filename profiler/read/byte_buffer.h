// A growable byte buffer that, unlike std::string, never zero-fills what it is about to overwrite:
// decompressing a 1 GB trace into a string spent a tenth of the import in memset. Large buffers are
// mapped with huge pages (trace::LargePageAllocator).
#pragma once

#include <cstddef>
#include <string_view>

namespace feedscope::io {

class ByteBuffer {
 public:
  ByteBuffer() = default;
  explicit ByteBuffer(std::size_t capacity) { reserve(capacity); }
  ~ByteBuffer();
  ByteBuffer(ByteBuffer&& other) noexcept;
  ByteBuffer& operator=(ByteBuffer&& other) noexcept;
  ByteBuffer(const ByteBuffer&) = delete;
  ByteBuffer& operator=(const ByteBuffer&) = delete;

  char* data() { return data_; }
  const char* data() const { return data_; }
  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }
  bool empty() const { return size_ == 0; }
  std::string_view view() const { return {data_, size_}; }

  // Grows the capacity, keeping the contents; the new bytes are uninitialised.
  void reserve(std::size_t capacity);
  // Sets the size within the capacity (the caller wrote the bytes).
  void setSize(std::size_t size);
  void append(const char* bytes, std::size_t n);
  // Zeroes `n` bytes past the end (within the capacity): padding for simdjson.
  void zeroPadding(std::size_t n);

 private:
  char* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace feedscope::io
