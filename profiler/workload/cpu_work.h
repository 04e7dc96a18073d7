// The CPU work of one loader batch: "decode" pseudo-random pixels, then augmentation-like passes
// that measure the normalization statistics the model uses. Real work on every byte; CUDA-free.
#pragma once

#include <cstdint>
#include <span>

#include "trace/types.h"
#include "workload/normalization.h"

namespace feedscope::workload {

// Writes batch `index`'s pixels: the same bytes for the same index, different ones for another.
void decodeBatch(std::span<std::uint8_t> pixels, std::uint64_t index);
// One pass over every byte: mean and spread of the pixels (inv_std of a constant batch is 1).
NormalizationStats measureStats(std::span<const std::uint8_t> pixels);

struct ProducedBatch {
  NormalizationStats stats;
  int passes = 0;  // statistics passes made, at least one
};
// Decodes batch `index`, then repeats the statistics pass until this thread has spent `cpuBudgetNs` of
// CPU time on the batch. CPU time, not wall time: with more workers than cores each batch still costs
// what was asked.
ProducedBatch produceBatch(std::span<std::uint8_t> pixels, std::uint64_t index, trace::TimeNs cpuBudgetNs);

trace::TimeNs threadCpuNowNs();

}  // namespace feedscope::workload
