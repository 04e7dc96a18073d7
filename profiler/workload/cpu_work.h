// The CPU work of one loader batch: "decode" pseudo-random pixels into every byte, then
// augmentation-like passes that measure the normalization statistics the model uses, for as long as
// the batch's CPU budget (--load-ms) says. CUDA-free.
//
// The cost follows the budget, not the batch's size: decoding writes a tile made for the batch index
// over the whole batch (memory-bound: about 2 ms of CPU for 64 MiB on the development machine, the
// floor under which no budget goes), and the statistics are measured a tile at a time until the budget
// is spent. A 64 MiB batch once cost 67-75 ms whatever --load-ms said, which made the default demo
// loader-bound and hid the very difference between the prefetch modes it exists to show.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "trace/types.h"
#include "workload/normalization.h"

namespace feedscope::workload {

// Bytes of the tile a batch is made of (the last one cut to the batch's end).
inline constexpr std::size_t kBatchTileBytes = 64 << 10;

// Writes batch `index`'s pixels: the same bytes for the same index, different ones for another.
void decodeBatch(std::span<std::uint8_t> pixels, std::uint64_t index);
// One pass over every byte: mean and spread of the pixels (inv_std of a constant batch is 1).
NormalizationStats measureStats(std::span<const std::uint8_t> pixels);

struct ProducedBatch {
  NormalizationStats stats;
  std::uint64_t tiles_measured = 0;  // at least one; more as the budget allows (wrapping round the batch)
};
// Decodes batch `index`, then measures its statistics a tile at a time until this thread has spent
// `cpuBudgetNs` of CPU time on the batch. CPU time, not wall time: with more workers than cores each
// batch still costs what was asked. The tiles of a batch hold the same bytes, so the statistics do not
// depend on the budget.
ProducedBatch produceBatch(std::span<std::uint8_t> pixels, std::uint64_t index, trace::TimeNs cpuBudgetNs);

trace::TimeNs threadCpuNowNs();

}  // namespace feedscope::workload
