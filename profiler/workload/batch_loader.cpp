// Loader worker threads and the in-order hand-over of batches.
#include "workload/batch_loader.h"
#include "trace/clock.h"

#include <stdexcept>

#include "cupti/clock.h"

namespace feedscope::workload {

BatchLoader::BatchLoader(std::vector<std::span<std::uint8_t>> slots, Options options, HostLanes& lanes)
    : slots_(std::move(slots)), options_(options), lanes_(lanes) {
  for (std::size_t i = 0; i < slots_.size(); ++i) free_.push_back(i);
  for (int w = 0; w < options_.workers; ++w) workers_.emplace_back([this, w] { work(w); });
}

BatchLoader::~BatchLoader() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  for (auto& t : workers_) t.join();
}

void BatchLoader::work(int worker) {
  for (;;) {
    std::uint64_t index = 0;
    std::size_t slot = 0;
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock,
                    [&] { return stopping_ || next_to_produce_ >= options_.batches || !free_.empty(); });
      if (stopping_ || next_to_produce_ >= options_.batches) return;
      index = next_to_produce_++;
      slot = free_.front();
      free_.pop_front();
    }
    trace::TimeNs start = trace::monotonicNowNs();
    ProducedBatch produced = produceBatch(slots_[slot], index, options_.cpu_budget_ns);
    lanes_.loaderWork(worker, start, trace::monotonicNowNs(), index);
    {
      std::lock_guard lock(mutex_);
      ready_[index] = ReadyBatch{index, slot, slots_[slot], produced.stats};
    }
    changed_.notify_all();
  }
}

ReadyBatch BatchLoader::next() {
  trace::TimeNs start = trace::monotonicNowNs();
  std::unique_lock lock(mutex_);
  std::uint64_t wanted = next_to_hand_out_;
  if (wanted >= options_.batches) throw std::out_of_range("BatchLoader::next: every batch was handed out");
  bool blocked = ready_.count(wanted) == 0;
  changed_.wait(lock, [&] { return ready_.count(wanted) != 0; });
  ReadyBatch batch = ready_[wanted];
  ready_.erase(wanted);
  ++next_to_hand_out_;
  lock.unlock();
  if (blocked) lanes_.waitForBatch(start, trace::monotonicNowNs(), wanted);
  return batch;
}

void BatchLoader::release(std::size_t slot) {
  {
    std::lock_guard lock(mutex_);
    free_.push_back(slot);
  }
  changed_.notify_all();
}

}  // namespace feedscope::workload
