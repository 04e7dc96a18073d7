// The streaming import's two threads share the work: a reading thread inflates the input and cuts
// it into pieces (TraceJsonSplitter); the caller's thread takes the pieces in order, reads the event
// batches (JSON) and builds the tracks. Reading JSON is the larger share, so whenever the queue is
// full the reading thread reads batches too, the newest unread ones (the caller takes from the
// front): with inflating and cutting about a third of an import and reading about half, each
// thread ends up with about half. The queue is bounded (a few pieces of about a megabyte each), so
// memory stays flat however large the input; an error on the reading thread reaches the caller in
// stream order, after the pieces before it.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "read/decompressed_stream.h"
#include "read/trace_json_splitter.h"

namespace feedscope::io {

// What a BatchReader makes of a batch of events (the importer's own type derives from it).
struct PreparedBatch {
  virtual ~PreparedBatch() = default;
};

// Reads a batch of traceEvents entries on the reading thread, into `out` (null the first time, then a
// batch handed back by the caller, to reuse its buffers). May throw InputError: the batch then
// reaches the caller unread, to be read there, where the error is told with the entries before it.
using BatchReader = std::function<void(JsonPiece batch, std::unique_ptr<PreparedBatch>& out)>;

class SplitPipeline {
 public:
  enum class Kind { TopLevelKey, EventBatch, OtherDocument, End };
  struct Piece {
    Kind kind = Kind::End;
    std::vector<char> bytes;  // the JSON text, then kPiecePadding zero bytes
    std::size_t size = 0;
    std::unique_ptr<PreparedBatch> prepared;  // an EventBatch the reading thread has read, or null
    std::uint64_t compressed_consumed = 0;  // input read when the piece was cut
    JsonPiece json() const { return {bytes.data(), size, bytes.size()}; }
  };

  // `head`: bytes the caller already read from `in` (copied before the thread starts). With a
  // `batchReader`, some event batches arrive read (Piece::prepared); the caller reads the others.
  SplitPipeline(DecompressedStream& in, std::string what, std::string_view head, std::size_t chunkBytes,
                std::size_t batchBytes, BatchReader batchReader = {}, std::size_t piecesAhead = 6);
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
  bool readOneUnread(std::unique_lock<std::mutex>& lock);

  enum class Reading { Unread, Reading, Done };  // of an EventBatch by the reading thread
  struct Queued {
    Piece piece;
    Reading reading = Reading::Unread;
  };

  DecompressedStream& in_;
  std::string what_;
  BatchReader batch_reader_;
  std::size_t pieces_ahead_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Queued> queue_;  // references stay valid while the ends change
  std::vector<std::vector<char>> spare_;  // buffers handed back, reused
  std::vector<std::unique_ptr<PreparedBatch>> spare_prepared_;
  std::exception_ptr error_;
  bool ended_ = false;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace feedscope::io
