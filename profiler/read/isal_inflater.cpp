// The ISA-L (igzip) inflater: the same gzip, about twice as fast as zlib. Built only when CMake
// found libisal (FEEDSCOPE_WITH_ISAL).
#include <isa-l/igzip_lib.h>
#include <zlib.h>

#include <algorithm>
#include <string>
#include <vector>

#include "read/inflater_backends.h"

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

// The gzip member header (RFC 1952, 2.3.1) in `h`: its length when complete, 0 when more bytes are
// needed, -1 when it is not a valid header (`why` says what).
long gzipHeaderLength(const std::vector<std::uint8_t>& h, const char*& why) {
  if (h.size() < 10) return 0;
  if (h[0] != 0x1f || h[1] != 0x8b) {
    why = "incorrect header check";
    return -1;
  }
  if (h[2] != 8) {
    why = "unknown compression method";
    return -1;
  }
  const std::uint8_t flags = h[3];
  if (flags & 0xE0) {
    why = "unknown header flags set";
    return -1;
  }
  std::size_t at = 10;
  if (flags & 0x04) {  // FEXTRA
    if (h.size() < at + 2) return 0;
    at += 2 + (h[at] | (std::size_t{h[at + 1]} << 8));
    if (h.size() < at) return 0;
  }
  for (std::uint8_t field : {std::uint8_t{0x08}, std::uint8_t{0x10}}) {  // FNAME, FCOMMENT
    if (!(flags & field)) continue;
    while (at < h.size() && h[at] != 0) ++at;
    if (at == h.size()) return 0;
    ++at;
  }
  if (flags & 0x02) {  // FHCRC: the low 16 bits of the CRC-32 of the header before it
    if (h.size() < at + 2) return 0;
    const uLong crc = ::crc32(0L, h.data(), static_cast<uInt>(at)) & 0xFFFF;
    if (crc != (h[at] | (std::uint32_t{h[at + 1]} << 8))) {
      why = "header crc mismatch";
      return -1;
    }
    at += 2;
  }
  return static_cast<long>(at);
}

class IsalInflater final : public GzipInflater {
 public:
  IsalInflater() { resetMember(); }

  Status inflate(std::uint8_t* out, std::size_t capacity, std::size_t& produced) override {
    produced = 0;
    if (!header_read_ && !readHeader()) return error_.empty() ? Status::Progress : Status::Corrupt;
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
    // The header is read here (readHeader): ISA-L's own header parser gets a header CRC (FHCRC)
    // wrong when the header crosses from one input block to the next. ISA-L still checks the
    // trailer's CRC and size.
    state_.crc_flag = ISAL_GZIP_NO_HDR_VER;
    header_.clear();
    header_read_ = false;
  }

 private:
  // Takes header bytes from the input, across as many blocks as it spans; true once it is whole
  // (the bytes after it given back to the input). On a bad header, error_ says why.
  bool readHeader() {
    const std::size_t before = header_.size();
    header_.insert(header_.end(), next_, next_ + left_);
    const char* why = nullptr;
    const long length = gzipHeaderLength(header_, why);
    if (length < 0) {
      error_ = why;
      return false;
    }
    if (length == 0 && header_.size() > kLongestHeader) {
      error_ = "a gzip header longer than 16 MiB";
      return false;
    }
    if (length == 0) {
      next_ += left_;
      left_ = 0;
      return false;
    }
    const std::size_t fromThisInput = static_cast<std::size_t>(length) - before;
    next_ += fromThisInput;
    left_ -= fromThisInput;
    header_.clear();
    header_read_ = true;
    return true;
  }

  // A file name or comment this long is not a trace's: the header would be held whole.
  static constexpr std::size_t kLongestHeader = std::size_t{16} << 20;
  inflate_state state_{};
  std::vector<std::uint8_t> header_;  // the member header so far
  bool header_read_ = false;
};

}  // namespace

std::unique_ptr<GzipInflater> makeIsalInflater() { return std::make_unique<IsalInflater>(); }

}  // namespace feedscope::io
