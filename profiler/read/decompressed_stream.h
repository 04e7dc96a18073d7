// An input read as a stream of bytes, gunzipped on the way when it is gzip (all members, trailing
// zero padding allowed), with the same one-line errors as reading it whole: truncated or corrupt
// gzip, a read error, more than the limit (a gzip bomb stops there). Never holds more than one
// input block and what the caller asks for.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "read/gzip_inflater.h"

namespace feedscope::io {

// Input (decompressed) larger than this is refused as soon as it gets there, rather than inflated on
// to burn time (a gzip bomb): the most the JSON parser takes in one document (simdjson's
// SIMDJSON_MAXSIZE_BYTES, 4 GiB), the limit from when a trace was parsed whole.
inline constexpr std::uint64_t kMaxDecompressedBytes = 0xFFFFFFFFull;

// A reader that never holds the document (the streaming import) takes any size: a trace of several
// GB is what it is for. What stops a gzip bomb there is its ratio: past the first GiB, output more
// than this many times the compressed input read is refused. Kineto JSON compresses 5-25x (the
// synthetic benchmark traces 22x); deflate reaches ~1000x only on runs of one byte.
inline constexpr std::uint64_t kMaxStreamingRatio = 200;
inline constexpr std::uint64_t kRatioCheckedAfterBytes = std::uint64_t{1} << 30;

class DecompressedStream {
 public:
  enum class Format {
    Detect,  // gzip when the input starts with gzip's magic bytes, else the bytes as they are
    Gzip,    // always gzip
  };
  struct Options {
    Format format = Format::Detect;
    InflaterKind inflater = InflaterKind::Best;
    std::uint64_t maxBytes = kMaxDecompressedBytes;  // more decompressed bytes than this is an error
    std::string_view limitReason = "the most the JSON parser takes";  // why, in that error
    std::size_t blockBytes = std::size_t{1} << 16;  // compressed bytes read at a time (the progress step)
  };

  // Reads an open file (not closed here). `compressedSize` is its size when known (0: a pipe),
  // for progress only. `what` names the input in errors.
  DecompressedStream(std::FILE* file, std::string what, std::uint64_t compressedSize, const Options& options);
  // Reads bytes in memory, which must outlive the stream.
  DecompressedStream(std::string_view bytes, std::string what, const Options& options);
  ~DecompressedStream();
  DecompressedStream(const DecompressedStream&) = delete;
  DecompressedStream& operator=(const DecompressedStream&) = delete;

  // For a reader that holds no more than a piece at a time: no size limit, the ratio limit instead.
  void limitByRatioOnly(std::uint64_t checkedAfterBytes = kRatioCheckedAfterBytes) {
    options_.maxBytes = ~std::uint64_t{0};
    ratio_checked_after_ = checkedAfterBytes;
  }

  // Fills `out` with up to `capacity` bytes; fewer only at the end, 0 once it is over. Throws
  // InputError.
  std::size_t read(char* out, std::size_t capacity);

  bool isGzip();                                    // reads the first bytes if nothing was read yet
  std::uint64_t compressedConsumed() const { return consumed_; }
  std::uint64_t compressedSize() const { return compressed_size_; }  // 0 when unknown
  std::uint64_t produced() const { return produced_; }            // decompressed bytes so far
  const std::string& what() const { return what_; }

 private:
  bool refill();  // false at the end of the input
  void start();
  std::size_t readRaw(char* out, std::size_t capacity);
  std::size_t readGzip(char* out, std::size_t capacity);
  void countProduced(std::size_t n);
  [[noreturn]] void corrupt(const std::string& why) const;

  std::FILE* file_ = nullptr;
  std::string what_;
  Options options_;
  std::uint64_t compressed_size_ = 0;
  std::uint64_t consumed_ = 0;  // compressed bytes taken from the input so far
  std::uint64_t produced_ = 0;
  // Input block: a few bytes of the previous block stay in front of the new one, since ISA-L may
  // give back bytes it had read ahead when a member ends.
  std::vector<std::uint8_t> block_;
  const std::uint8_t* next_ = nullptr;
  std::size_t left_ = 0;
  bool input_ended_ = false;
  bool started_ = false;
  bool gzip_ = false;
  bool in_member_ = false;
  bool trailing_zeros_ = false;
  bool done_ = false;
  std::uint64_t ratio_checked_after_ = ~std::uint64_t{0};  // no ratio limit until limitByRatioOnly()
  std::unique_ptr<GzipInflater> inflater_;
};

}  // namespace feedscope::io
