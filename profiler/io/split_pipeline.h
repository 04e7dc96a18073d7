// The streaming import's two threads: a reading thread inflates the input and cuts it into pieces
// (TraceJsonSplitter), the caller's thread parses them. Cutting on the reading thread balances the
// work (inflating alone is a fraction of parsing). The queue between them is bounded (a few pieces
// of about a megabyte each), so memory stays flat however large the input; an error on the reading
// thread reaches the caller in stream order, after the pieces before it.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "io/decompressed_stream.h"
#include "io/trace_json_splitter.h"

namespace feedscope::io {

class SplitPipeline {
 public:
  enum class Kind { TopLevelKey, EventBatch, OtherDocument, End };
  struct Piece {
    Kind kind = Kind::End;
    std::vector<char> bytes;  // the JSON text, then kPiecePadding zero bytes
    std::size_t size = 0;
    std::uint64_t compressed_consumed = 0;  // input read when the piece was cut
    JsonPiece json() const { return {bytes.data(), size, bytes.size()}; }
  };

  // `head`: bytes the caller already read from `in` (copied before the thread starts).
  SplitPipeline(DecompressedStream& in, std::string what, std::string_view head, std::size_t chunkBytes,
                std::size_t batchBytes, std::size_t piecesAhead = 6);
  ~SplitPipeline();  // stops the reading thread and waits for it
  SplitPipeline(const SplitPipeline&) = delete;
  SplitPipeline& operator=(const SplitPipeline&) = delete;

  // The next piece (Kind::End once the input is over); rethrows what the reading thread threw.
  // `piece` is reused: its buffer goes back to the reading thread.
  void next(Piece& piece);

 private:
  class QueueSink;
  struct Stopped {};  // unwinds the reading thread when the caller went away
  void read(std::string head, std::size_t chunkBytes, std::size_t batchBytes);
  void push(Kind kind, JsonPiece json);

  DecompressedStream& in_;
  std::string what_;
  std::size_t piecesAhead_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Piece> queue_;
  std::vector<std::vector<char>> spare_;  // buffers handed back, reused
  std::exception_ptr error_;
  bool ended_ = false;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace feedscope::io
