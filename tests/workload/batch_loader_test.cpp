// The loader: batches in order from several workers, their content, slots recycled, lanes recorded.
#include "workload/batch_loader.h"

#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

namespace feedscope::workload {
namespace {

struct Slots {
  explicit Slots(int count, std::size_t bytes)
      : storage(static_cast<std::size_t>(count), std::vector<std::uint8_t>(bytes)) {}
  std::vector<std::span<std::uint8_t>> spans() {
    std::vector<std::span<std::uint8_t>> out;
    for (auto& s : storage) out.emplace_back(s);
    return out;
  }
  std::vector<std::vector<std::uint8_t>> storage;
};

TEST(BatchLoader, DeliversEveryBatchInOrderWithItsContent) {
  Slots slots(5, 8192);  // fewer slots than batches: they must be recycled
  HostLanes lanes;
  BatchLoader::Options options;
  options.workers = 3;
  options.batches = 40;
  BatchLoader loader(slots.spans(), options, lanes);
  std::vector<std::uint8_t> expected(8192);
  for (std::uint64_t i = 0; i < 40; ++i) {
    ReadyBatch b = loader.next();
    ASSERT_EQ(b.index, i);
    decodeBatch(expected, i);
    ASSERT_TRUE(std::equal(expected.begin(), expected.end(), b.data.begin())) << "batch " << i;
    EXPECT_FLOAT_EQ(b.stats.mean, measureStats(expected).mean);
    loader.release(b.slot);
  }
  EXPECT_THROW(loader.next(), std::out_of_range);

  std::vector<HostLanes::Span> work = lanes.loaderSpans();
  ASSERT_EQ(work.size(), 40u);
  std::set<std::uint64_t> produced;
  std::set<int> workers;
  for (const auto& s : work) {
    produced.insert(s.number);
    workers.insert(s.worker);
    EXPECT_GT(s.end_ns, s.start_ns);
  }
  EXPECT_EQ(produced.size(), 40u);
  EXPECT_LE(workers.size(), 3u);
  EXPECT_GE(*workers.begin(), 0);
}

TEST(BatchLoader, AWaitIsRecordedOnlyWhenTheMainThreadHadToBlock) {
  Slots slots(4, 1024);
  HostLanes lanes;
  BatchLoader::Options options;
  options.workers = 1;
  options.batches = 2;
  options.cpu_budget_ns = 100'000'000;  // 100 ms of CPU per batch: the first next() has to wait
  BatchLoader loader(slots.spans(), options, lanes);
  ReadyBatch first = loader.next();
  std::vector<HostLanes::Span> waits = lanes.waits();
  ASSERT_EQ(waits.size(), 1u);
  EXPECT_EQ(waits[0].number, 0u);
  EXPECT_GT(waits[0].end_ns - waits[0].start_ns, 1'000'000);
  loader.release(first.slot);
  while (lanes.loaderSpans().size() < 2) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  loader.next();  // ready before it was asked for: no wait
  EXPECT_EQ(lanes.waits().size(), 1u);
}

TEST(BatchLoader, StopsCleanlyWithBatchesStillToProduce) {
  Slots slots(2, 1024);
  HostLanes lanes;
  BatchLoader::Options options;
  options.workers = 4;
  options.batches = 1000;
  {
    BatchLoader loader(slots.spans(), options, lanes);
    loader.next();  // holds a slot and never gives it back
  }                 // the destructor must not hang on workers waiting for a free slot
  EXPECT_LE(lanes.loaderSpans().size(), 2u);
}

}  // namespace
}  // namespace feedscope::workload
