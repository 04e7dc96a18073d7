// One gzip member at a time, behind one interface for the two inflaters Feedscope can use: zlib
// (always there) and ISA-L's igzip (about twice as fast; used when the build found it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace feedscope::io {

enum class InflaterKind {
  Best,  // ISA-L when this build has it, else zlib
  Zlib,
  Isal,  // only when isalAvailable(); asking for it otherwise is a logic error
};

// Whether this build was linked with ISA-L (CMake option FEEDSCOPE_WITH_ISAL).
bool isalAvailable();
// "isa-l" or "zlib": what InflaterKind::Best means in this build.
const char* bestInflaterName();

class GzipInflater {
 public:
  enum class Status {
    Progress,   // produced output or consumed input; call again (with more input when needInput())
    MemberEnd,  // one gzip member ended (its CRC and size checked); resetMember() for the next one
    Corrupt,    // error() says why
  };

  virtual ~GzipInflater() = default;

  // Input the inflater reads from until it has consumed it all (availableIn() == 0).
  void setInput(const std::uint8_t* data, std::size_t size) {
    next_ = data;
    left_ = size;
  }
  // Input not consumed yet; after MemberEnd, the bytes that follow the member.
  const std::uint8_t* nextIn() const { return next_; }
  std::size_t availableIn() const { return left_; }
  // Inflates into `out`; `produced` says how many bytes were written.
  virtual Status inflate(std::uint8_t* out, std::size_t capacity, std::size_t& produced) = 0;
  // Starts the next member of a multi-member file (gzip -c a b > c).
  virtual void resetMember() = 0;
  // Why the last inflate() returned Corrupt.
  const std::string& error() const { return error_; }

  static std::unique_ptr<GzipInflater> make(InflaterKind kind);

 protected:
  // The input window both inflaters advance as they consume it, and the last error.
  const std::uint8_t* next_ = nullptr;
  std::size_t left_ = 0;
  std::string error_;
};

}  // namespace feedscope::io
