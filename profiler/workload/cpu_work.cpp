// Decode and augmentation passes of the loader.
#include "workload/cpu_work.h"

#include <time.h>

#include <algorithm>
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

struct Sums {
  std::uint64_t count = 0, sum = 0, squares = 0;
  void add(std::span<const std::uint8_t> pixels) {
    for (std::uint8_t p : pixels) {
      sum += p;
      squares += static_cast<std::uint64_t>(p) * p;
    }
    count += pixels.size();
  }
  NormalizationStats stats() const {
    if (count == 0) return {};
    double n = static_cast<double>(count);
    double mean = static_cast<double>(sum) / n;
    double variance = static_cast<double>(squares) / n - mean * mean;
    double stddev = variance > 0 ? std::sqrt(variance) : 0.0;
    return {static_cast<float>(mean), stddev > 0 ? static_cast<float>(1.0 / stddev) : 1.0f};
  }
};

}  // namespace

trace::TimeNs threadCpuNowNs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<trace::TimeNs>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

void decodeBatch(std::span<std::uint8_t> pixels, std::uint64_t index) {
  // The first tile, byte by byte from the index (xorshift64*: cheap, every byte depends on the index),
  // then copied over the rest: every byte written, at memory speed.
  const std::size_t tile = std::min(pixels.size(), kBatchTileBytes);
  std::uint64_t state = splitmix64(index + 1);
  std::size_t i = 0;
  for (; i + 8 <= tile; i += 8) {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    std::uint64_t word = state * 0x2545F4914F6CDD1Dull;
    std::memcpy(pixels.data() + i, &word, 8);
  }
  for (; i < tile; ++i) pixels[i] = static_cast<std::uint8_t>(splitmix64(state + i));
  for (std::size_t at = tile; at < pixels.size(); at += tile) {
    std::memcpy(pixels.data() + at, pixels.data(), std::min(tile, pixels.size() - at));
  }
}

NormalizationStats measureStats(std::span<const std::uint8_t> pixels) {
  Sums sums;
  sums.add(pixels);
  return sums.stats();
}

ProducedBatch produceBatch(std::span<std::uint8_t> pixels, std::uint64_t index, trace::TimeNs cpuBudgetNs) {
  const trace::TimeNs begin = threadCpuNowNs();
  decodeBatch(pixels, index);
  ProducedBatch out;
  const std::size_t tile = std::min(pixels.size(), kBatchTileBytes);
  if (tile == 0) return out;
  // Whole tiles only (a cut last tile would weigh its bytes differently), round the batch as often as
  // the budget allows: the time check comes once a tile, so a batch overshoots by at most one tile.
  const std::size_t wholeTiles = pixels.size() / tile;
  Sums sums;
  do {
    const std::size_t at = (out.tiles_measured % wholeTiles) * tile;
    sums.add(pixels.subspan(at, tile));
    ++out.tiles_measured;
  } while (threadCpuNowNs() - begin < cpuBudgetNs);
  out.stats = sums.stats();
  return out;
}

}  // namespace feedscope::workload
