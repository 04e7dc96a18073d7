// Decode and augmentation passes of the loader.
#include "workload/cpu_work.h"

#include <time.h>

#include <cmath>
#include <cstring>

namespace feedscope::workload {

namespace {

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace

trace::TimeNs threadCpuNowNs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<trace::TimeNs>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

void decodeBatch(std::span<std::uint8_t> pixels, std::uint64_t index) {
  std::uint64_t state = splitmix64(index + 1);
  std::size_t i = 0;
  for (; i + 8 <= pixels.size(); i += 8) {
    // xorshift64*: cheap, and every byte depends on the batch index.
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    std::uint64_t word = state * 0x2545F4914F6CDD1Dull;
    std::memcpy(pixels.data() + i, &word, 8);
  }
  for (; i < pixels.size(); ++i) pixels[i] = static_cast<std::uint8_t>(splitmix64(state + i));
}

NormalizationStats measureStats(std::span<const std::uint8_t> pixels) {
  if (pixels.empty()) return {};
  std::uint64_t sum = 0;
  std::uint64_t squares = 0;
  for (std::uint8_t p : pixels) {
    sum += p;
    squares += static_cast<std::uint64_t>(p) * p;
  }
  double n = static_cast<double>(pixels.size());
  double mean = static_cast<double>(sum) / n;
  double variance = static_cast<double>(squares) / n - mean * mean;
  double stddev = variance > 0 ? std::sqrt(variance) : 0.0;
  return {static_cast<float>(mean), stddev > 0 ? static_cast<float>(1.0 / stddev) : 1.0f};
}

ProducedBatch produceBatch(std::span<std::uint8_t> pixels, std::uint64_t index, trace::TimeNs cpuBudgetNs) {
  trace::TimeNs begin = threadCpuNowNs();
  decodeBatch(pixels, index);
  ProducedBatch out;
  do {
    out.stats = measureStats(pixels);
    ++out.passes;
  } while (threadCpuNowNs() - begin < cpuBudgetNs);
  return out;
}

}  // namespace feedscope::workload
