// Streaming gunzip with the errors of whole-file reading.
#include "read/decompressed_stream.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "io/input_error.h"

namespace feedscope::io {

namespace {
// Bytes of the previous block kept in front of the next: more than ISA-L's 8-byte read-ahead.
constexpr std::size_t kKeptTail = 16;

bool startsGzip(const std::uint8_t* p, std::size_t n) { return n >= 2 && p[0] == 0x1f && p[1] == 0x8b; }
}  // namespace

DecompressedStream::DecompressedStream(std::FILE* file, std::string what, std::uint64_t compressedSize,
                                       const Options& options)
    : file_(file), what_(std::move(what)), options_(options), compressed_size_(compressedSize),
      block_(kKeptTail + options.blockBytes) {}

DecompressedStream::DecompressedStream(std::string_view bytes, std::string what, const Options& options)
    : what_(std::move(what)), options_(options), compressed_size_(bytes.size()),
      next_(reinterpret_cast<const std::uint8_t*>(bytes.data())), left_(bytes.size()), input_ended_(true) {
  consumed_ = bytes.size();
}

DecompressedStream::~DecompressedStream() = default;

bool DecompressedStream::refill() {
  if (input_ended_) return false;
  // Keep the tail of what was read before (ISA-L may hand some of it back) right before the new bytes.
  std::size_t keep = 0;
  if (next_ != nullptr) {
    keep = std::min<std::size_t>(kKeptTail, static_cast<std::size_t>(next_ - block_.data()));
    std::memmove(block_.data() + kKeptTail - keep, next_ - keep, keep + left_);
  }
  std::uint8_t* dst = block_.data() + kKeptTail + left_;
  std::size_t n = std::fread(dst, 1, block_.size() - kKeptTail - left_, file_);
  if (n == 0) {
    if (std::ferror(file_)) throw InputError(what_ + ": read error (" + std::strerror(errno) + ")");
    input_ended_ = true;
    next_ = block_.data() + kKeptTail;
    return false;
  }
  consumed_ += n;
  next_ = block_.data() + kKeptTail;
  left_ += n;
  return true;
}

void DecompressedStream::start() {
  started_ = true;
  while (left_ < 2 && refill()) {
  }
  gzip_ = options_.format == Format::Gzip || startsGzip(next_, left_);
  if (gzip_) {
    inflater_ = GzipInflater::make(options_.inflater);
    in_member_ = true;
  }
}

bool DecompressedStream::isGzip() {
  if (!started_) start();
  return gzip_;
}

void DecompressedStream::countProduced(std::size_t n) {
  produced_ += n;
  if (produced_ > options_.maxBytes) {
    if (gzip_) {
      throw InputError(what_ + ": decompresses to more than " + std::to_string(options_.maxBytes >> 20) + " MiB, " +
                       std::string(options_.limitReason) + "; refusing");
    }
    throw InputError(what_ + ": more than " + std::to_string(options_.maxBytes >> 20) + " MiB, " +
                     std::string(options_.limitReason) + "; refusing");
  }
  if (gzip_ && produced_ > ratio_checked_after_ && produced_ / kMaxStreamingRatio > consumed_) {
    throw InputError(what_ + ": decompresses to more than " + std::to_string(kMaxStreamingRatio) +
                     " times its size (a gzip bomb?); refusing");
  }
}

void DecompressedStream::corrupt(const std::string& why) const {
  throw InputError(what_ + ": corrupt gzip data (" + why + ")");
}

std::size_t DecompressedStream::read(char* out, std::size_t capacity) {
  if (!started_) start();
  if (done_ || capacity == 0) return 0;
  return gzip_ ? readGzip(out, capacity) : readRaw(out, capacity);
}

std::size_t DecompressedStream::readRaw(char* out, std::size_t capacity) {
  std::size_t got = 0;
  while (got < capacity) {
    if (left_ == 0 && !refill()) {
      done_ = true;
      break;
    }
    std::size_t n = std::min(left_, capacity - got);
    std::memcpy(out + got, next_, n);
    next_ += n;
    left_ -= n;
    got += n;
  }
  countProduced(got);
  return got;
}

std::size_t DecompressedStream::readGzip(char* out, std::size_t capacity) {
  auto* dst = reinterpret_cast<std::uint8_t*>(out);
  std::size_t got = 0;
  while (got < capacity) {
    if (left_ == 0 && !refill()) {
      if (in_member_) throw InputError(what_ + ": truncated gzip data (the file ends in the middle of the stream)");
      done_ = true;
      break;
    }
    if (!in_member_) {
      // After a member: another member (gzip -c a b > c), or zero padding to the end of the file.
      if (*next_ == 0) {
        trailing_zeros_ = true;
        ++next_;
        --left_;
        continue;
      }
      // Garbage after the zero padding, or after a member: what zlib says of a bad header (ISA-L
      // would wait for a whole header first and call a short one truncated).
      if (trailing_zeros_ || next_[0] != 0x1f || (left_ > 1 && next_[1] != 0x8b)) corrupt("incorrect header check");
      inflater_->resetMember();
      in_member_ = true;
    }
    inflater_->setInput(next_, left_);
    std::size_t produced = 0;
    GzipInflater::Status status = inflater_->inflate(dst + got, capacity - got, produced);
    const bool consumedInput = inflater_->availableIn() != left_ || inflater_->nextIn() != next_;
    next_ = inflater_->nextIn();
    left_ = inflater_->availableIn();
    got += produced;
    countProduced(produced);
    if (status == GzipInflater::Status::Corrupt) corrupt(inflater_->error());
    if (status == GzipInflater::Status::MemberEnd) {
      in_member_ = false;
    } else if (produced == 0 && !consumedInput && left_ > 0) {
      corrupt("the decoder made no progress");
    }
  }
  return got;
}

}  // namespace feedscope::io
