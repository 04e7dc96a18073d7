// The workload's data loader: W worker threads produce batches, in order, into host buffers the
// training loop owns (pageable or pinned), like a PyTorch DataLoader with worker processes. CUDA-free.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <span>
#include <thread>
#include <vector>

#include "workload/cpu_work.h"
#include "workload/host_lanes.h"

namespace feedscope::workload {

struct ReadyBatch {
  std::uint64_t index = 0;
  std::size_t slot = 0;          // give it back with BatchLoader::release once the copy is done
  std::span<std::uint8_t> data;  // the slot's bytes
  NormalizationStats stats;
};

class BatchLoader {
 public:
  struct Options {
    int workers = 4;
    trace::TimeNs cpu_budget_ns = 0;  // CPU time per batch
    std::uint64_t batches = 0;        // how many to produce in all
  };

  // Workers start at once and each records its busy time in `lanes`. `slots` must outnumber the
  // batches the caller holds at a time, or workers wait for a free one.
  BatchLoader(std::vector<std::span<std::uint8_t>> slots, Options options, HostLanes& lanes);
  ~BatchLoader();  // stops and joins the workers
  BatchLoader(const BatchLoader&) = delete;
  BatchLoader& operator=(const BatchLoader&) = delete;

  // Blocks until the next batch in order is ready; a wait that blocked is recorded in the lanes as a
  // wait for that batch. Throws std::out_of_range after the last batch.
  ReadyBatch next();
  void release(std::size_t slot);

 private:
  void work(int worker);

  std::vector<std::span<std::uint8_t>> slots_;
  Options options_;
  HostLanes& lanes_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::size_t> free_;
  std::map<std::uint64_t, ReadyBatch> ready_;
  std::uint64_t next_to_produce_ = 0;
  std::uint64_t next_to_hand_out_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace feedscope::workload
