// The ISA-L (igzip) inflater: the same gzip, about twice as fast as zlib. Built only when CMake
// found libisal (FEEDSCOPE_WITH_ISAL).
#include <isa-l/igzip_lib.h>

#include <algorithm>
#include <string>

#include "io/inflater_backends.h"

namespace feedscope::io {

namespace {

const char* isalErrorText(int rc) {
  switch (rc) {
    case ISAL_INVALID_BLOCK: return "invalid block";
    case ISAL_INVALID_SYMBOL: return "invalid symbol";
    case ISAL_INVALID_LOOKBACK: return "invalid distance too far back";
    case ISAL_INVALID_WRAPPER: return "incorrect header check";
    case ISAL_UNSUPPORTED_METHOD: return "unknown compression method";
    case ISAL_INCORRECT_CHECKSUM: return "incorrect data check";
    default: return "inflate failed";
  }
}

class IsalInflater final : public GzipInflater {
 public:
  IsalInflater() { resetMember(); }

  Status inflate(std::uint8_t* out, std::size_t capacity, std::size_t& produced) override {
    // ISA-L counts in uint32_t: hand it at most 1 GiB at a time.
    const std::size_t inNow = std::min<std::size_t>(left_, 1u << 30);
    state_.next_in = const_cast<std::uint8_t*>(next_);
    state_.avail_in = static_cast<std::uint32_t>(inNow);
    state_.next_out = out;
    state_.avail_out = static_cast<std::uint32_t>(std::min<std::size_t>(capacity, 1u << 30));
    const std::uint32_t outBefore = state_.avail_out;
    int rc = isal_inflate(&state_);
    produced = outBefore - state_.avail_out;
    const std::size_t consumed = inNow - state_.avail_in;
    next_ += consumed;
    left_ -= consumed;
    if (rc < 0) {
      error_ = isalErrorText(rc);
      return Status::Corrupt;
    }
    if (state_.block_state == ISAL_BLOCK_FINISH) {
      // ISA-L reads input 8 bytes at a time: whole bytes left in its bit buffer belong to what
      // follows this member (the next member, or trailing zeros). Give them back. The caller keeps
      // the bytes before next_in readable for this (DecompressedStream keeps a tail of each refill).
      const std::size_t unread = static_cast<std::size_t>(std::max(state_.read_in_length, 0) / 8);
      next_ -= unread;
      left_ += unread;
      state_.read_in = 0;
      state_.read_in_length = 0;
      return Status::MemberEnd;
    }
    return Status::Progress;
  }

  void resetMember() override {
    isal_inflate_init(&state_);
    state_.crc_flag = ISAL_GZIP;  // parse the gzip header, check the trailer's CRC and size
  }

 private:
  inflate_state state_{};
};

}  // namespace

std::unique_ptr<GzipInflater> makeIsalInflater() { return std::make_unique<IsalInflater>(); }

}  // namespace feedscope::io
