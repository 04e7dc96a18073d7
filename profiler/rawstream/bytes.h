// Little-endian field encoding for the raw stream: appending to a buffer, and a bounds-checked cursor
// that reads fields back and says when a record is shorter than it claims.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

namespace feedscope::rawstream {

template <typename T>
requires std::is_trivially_copyable_v<T>
void appendField(std::string& out, T value) {
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  out.append(bytes, sizeof(T));
}

// A length-prefixed string: u32 length, then the bytes.
inline void appendText(std::string& out, std::string_view text) {
  appendField(out, static_cast<std::uint32_t>(text.size()));
  out.append(text);
}

template <typename T>
requires std::is_trivially_copyable_v<T> T loadField(const char* at) {
  T value;
  std::memcpy(&value, at, sizeof(T));
  return value;
}

class ByteCursor {
 public:
  explicit ByteCursor(std::string_view bytes) : bytes_(bytes) {}

  // Reads a field, or sets failed() and returns a zero value when fewer bytes remain.
  template <typename T>
  T field() {
    if (failed_ || bytes_.size() - pos_ < sizeof(T)) {
      failed_ = true;
      return T{};
    }
    T value = loadField<T>(bytes_.data() + pos_);
    pos_ += sizeof(T);
    return value;
  }
  std::string_view text() {
    auto n = field<std::uint32_t>();
    return take(n);
  }
  std::string_view take(std::size_t n) {
    if (failed_ || bytes_.size() - pos_ < n) {
      failed_ = true;
      return {};
    }
    std::string_view out = bytes_.substr(pos_, n);
    pos_ += n;
    return out;
  }
  std::string_view rest() { return take(bytes_.size() - pos_); }
  void skip(std::size_t n) { take(n); }
  bool failed() const { return failed_; }
  std::size_t remaining() const { return failed_ ? 0 : bytes_.size() - pos_; }

 private:
  std::string_view bytes_;
  std::size_t pos_ = 0;
  bool failed_ = false;
};

}  // namespace feedscope::rawstream
