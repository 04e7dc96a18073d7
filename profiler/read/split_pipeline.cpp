// Inflate, cut and read events on one thread; build (and parse the rest) on the other.
#include "read/split_pipeline.h"

#include <cstring>

#include "io/input_error.h"
#include <memory>

namespace feedscope::io {

class SplitPipeline::QueueSink final : public TraceJsonSink {
 public:
  explicit QueueSink(SplitPipeline& pipeline) : pipeline_(pipeline) {}
  void topLevelKey(JsonPiece piece) override { pipeline_.push(Kind::TopLevelKey, piece); }
  void eventBatch(JsonPiece piece) override { pipeline_.push(Kind::EventBatch, piece); }
  void otherDocument(JsonPiece piece) override { pipeline_.push(Kind::OtherDocument, piece); }

 private:
  SplitPipeline& pipeline_;
};

SplitPipeline::SplitPipeline(DecompressedStream& in, std::string what, std::string_view head, std::size_t chunkBytes,
                             std::size_t batchBytes, BatchReader batchReader, std::size_t piecesAhead)
    : in_(in), what_(std::move(what)), batch_reader_(std::move(batchReader)), pieces_ahead_(piecesAhead) {
  thread_ = std::thread([this, h = std::string(head), chunkBytes, batchBytes] { read(h, chunkBytes, batchBytes); });
}

SplitPipeline::~SplitPipeline() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void SplitPipeline::push(Kind kind, JsonPiece json) {
  std::vector<char> bytes;
  {
    std::unique_lock lock(mutex_);
    while (!stop_ && queue_.size() >= pieces_ahead_) {
      if (!readOneUnread(lock)) changed_.wait(lock);  // full: help rather than wait
    }
    if (stop_) throw Stopped{};
    if (!spare_.empty()) {
      bytes = std::move(spare_.back());
      spare_.pop_back();
    }
  }
  bytes.resize(json.size + kPiecePadding);  // a reused buffer of this size or more is not refilled
  std::memcpy(bytes.data(), json.data, json.size);
  std::memset(bytes.data() + json.size, 0, kPiecePadding);
  Piece piece{kind, std::move(bytes), json.size, nullptr, in_.compressedConsumed()};
  {
    std::lock_guard lock(mutex_);
    queue_.push_back({std::move(piece), Reading::Unread});
  }
  changed_.notify_all();
}

// Reads the newest unread batch (the queue is full, or the input has ended: the caller has work
// either way). False when there is none left to read.
bool SplitPipeline::readOneUnread(std::unique_lock<std::mutex>& lock) {
  if (!batch_reader_) return false;
  // The front is, or is about to be, the caller's: never take it.
  for (std::size_t i = queue_.size(); i-- > 1;) {
    Queued& q = queue_[i];
    if (q.piece.kind != Kind::EventBatch || q.reading != Reading::Unread) continue;
    q.reading = Reading::Reading;
    std::unique_ptr<PreparedBatch> prepared;
    if (!spare_prepared_.empty()) {
      prepared = std::move(spare_prepared_.back());
      spare_prepared_.pop_back();
    }
    lock.unlock();
    bool read = true;
    try {
      batch_reader_(q.piece.json(), prepared);
    } catch (const InputError&) {
      read = false;  // the caller reads it again and tells the error where it belongs
    }
    lock.lock();
    if (read) q.piece.prepared = std::move(prepared);
    q.reading = Reading::Done;
    changed_.notify_all();
    return true;
  }
  return false;
}

void SplitPipeline::read(std::string head, std::size_t chunkBytes, std::size_t batchBytes) {
  try {
    QueueSink sink(*this);
    TraceJsonSplitter splitter(sink, what_, batchBytes);
    if (!head.empty()) splitter.feed(head.data(), head.size());
    std::unique_ptr<char[]> chunk(new char[chunkBytes]);
    while (std::size_t n = in_.read(chunk.get(), chunkBytes)) splitter.feed(chunk.get(), n);
    if (in_.produced() > 0) splitter.finish();  // an empty input is the caller's to name
  } catch (const Stopped&) {
    return;
  } catch (...) {
    std::lock_guard lock(mutex_);
    error_ = std::current_exception();
  }
  {
    std::unique_lock lock(mutex_);
    // The input is over: the batches still queued are left to read, and there are two threads.
    while (!error_ && !stop_ && readOneUnread(lock)) {
    }
    ended_ = true;
  }
  changed_.notify_all();
}

void SplitPipeline::next(Piece& piece) {
  std::unique_lock lock(mutex_);
  if (!piece.bytes.empty()) spare_.push_back(std::move(piece.bytes));
  if (piece.prepared) spare_prepared_.push_back(std::move(piece.prepared));
  changed_.wait(lock, [&] { return (!queue_.empty() && queue_.front().reading != Reading::Reading) || (queue_.empty() && ended_); });
  if (!queue_.empty()) {
    piece = std::move(queue_.front().piece);
    queue_.pop_front();
    changed_.notify_all();
    return;
  }
  if (error_) std::rethrow_exception(error_);
  piece = Piece{};
  piece.compressed_consumed = in_.compressedConsumed();
}

}  // namespace feedscope::io
