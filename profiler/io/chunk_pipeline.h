// Decompressed chunks of an input, read ahead on a second thread so that inflating the next chunk
// overlaps parsing this one. The queue is bounded (a few chunks), so memory stays flat however large
// the input; an error on the reading thread is thrown to the caller in stream order.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <string_view>
#include <thread>
#include <vector>

#include "io/decompressed_stream.h"

namespace feedscope::io {

class ChunkPipeline {
 public:
  struct Chunk {
    std::string_view bytes;               // empty at the end
    std::uint64_t compressed_consumed = 0;  // input bytes read to produce everything so far
  };

  // `threaded` false reads on the caller's thread (small inputs, the fuzzer).
  ChunkPipeline(DecompressedStream& in, bool threaded, std::size_t chunkBytes = std::size_t{1} << 20,
                std::size_t chunksAhead = 4);
  ~ChunkPipeline();  // stops the reader and waits for it
  ChunkPipeline(const ChunkPipeline&) = delete;
  ChunkPipeline& operator=(const ChunkPipeline&) = delete;

  // The next chunk; its bytes stay valid until the next call. Throws what reading threw.
  Chunk next();

 private:
  struct Slot {
    std::unique_ptr<char[]> data;
    std::size_t size = 0;
    std::uint64_t consumed = 0;
    std::exception_ptr error;
  };
  void readAhead();

  DecompressedStream& in_;
  std::size_t chunkBytes_;
  std::vector<Slot> slots_;
  // Slots are used in a ring: the reader fills slot (head_ + filled_) % size, the caller takes head_.
  std::size_t head_ = 0;
  std::size_t filled_ = 0;
  bool holding_ = false;  // the caller holds slot head_ until its next call
  bool stop_ = false;
  bool ended_ = false;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::thread reader_;
};

}  // namespace feedscope::io
