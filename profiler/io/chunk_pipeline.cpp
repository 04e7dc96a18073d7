// Bounded read-ahead of decompressed chunks on one thread.
#include "io/chunk_pipeline.h"

namespace feedscope::io {

ChunkPipeline::ChunkPipeline(DecompressedStream& in, bool threaded, std::size_t chunkBytes, std::size_t chunksAhead)
    : in_(in), chunkBytes_(chunkBytes), slots_(threaded ? chunksAhead + 1 : 1) {
  for (auto& s : slots_) s.data = std::make_unique<char[]>(chunkBytes_);
  if (threaded) reader_ = std::thread([this] { readAhead(); });
}

ChunkPipeline::~ChunkPipeline() {
  if (!reader_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  changed_.notify_all();
  reader_.join();
}

void ChunkPipeline::readAhead() {
  for (;;) {
    std::size_t index;
    {
      std::unique_lock lock(mutex_);
      // One slot stays with the caller while it parses it.
      changed_.wait(lock, [&] { return stop_ || filled_ + (holding_ ? 1 : 0) < slots_.size(); });
      if (stop_) return;
      index = (head_ + filled_ + (holding_ ? 1 : 0)) % slots_.size();
    }
    Slot& slot = slots_[index];
    bool last = false;
    try {
      slot.size = in_.read(slot.data.get(), chunkBytes_);
      slot.consumed = in_.compressedConsumed();
      last = slot.size == 0;
    } catch (...) {
      slot.size = 0;
      slot.error = std::current_exception();
      last = true;
    }
    {
      std::lock_guard lock(mutex_);
      ++filled_;
    }
    changed_.notify_all();
    if (last) return;
  }
}

ChunkPipeline::Chunk ChunkPipeline::next() {
  if (ended_) return {{}, in_.compressedConsumed()};
  if (!reader_.joinable()) {
    Slot& slot = slots_[0];
    slot.size = in_.read(slot.data.get(), chunkBytes_);
    ended_ = slot.size == 0;
    return {{slot.data.get(), slot.size}, in_.compressedConsumed()};
  }
  std::unique_lock lock(mutex_);
  if (holding_) {  // the caller is done with the chunk it had
    holding_ = false;
    head_ = (head_ + 1) % slots_.size();
    changed_.notify_all();
  }
  changed_.wait(lock, [&] { return filled_ > 0; });
  --filled_;
  holding_ = true;
  Slot& slot = slots_[head_];
  if (slot.error) {
    ended_ = true;
    std::rethrow_exception(slot.error);
  }
  ended_ = slot.size == 0;
  return {{slot.data.get(), slot.size}, slot.consumed};
}

}  // namespace feedscope::io
