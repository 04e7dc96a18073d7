// Block index of a timeline row.
#include "view/row.h"

#include <algorithm>

namespace feedscope::view {

Row::Row(const trace::IntervalColumns* columns, std::vector<std::uint32_t> positions, bool overlapping)
    : columns_(columns), positions_(std::move(positions)), overlapping_(overlapping) {
  std::size_t n = size();
  std::size_t blocks = (n + kBlock - 1) / kBlock;
  block_first_start_.resize(blocks);
  block_max_end_.resize(blocks);
  block_duration_.resize(blocks);
  TimeNs maxEnd = 0;
  TimeNs durationSum = 0;
  for (std::size_t b = 0; b < blocks; ++b) {
    block_first_start_[b] = start(b * kBlock);
    block_duration_[b] = durationSum;
    std::size_t last = std::min(n, (b + 1) * kBlock);
    for (std::size_t i = b * kBlock; i < last; ++i) {
      TimeNs s = start(i);
      TimeNs e = end(i);
      maxEnd = std::max(maxEnd, e);
      durationSum += e - s;
    }
    block_max_end_[b] = maxEnd;
  }
}

std::size_t Row::firstEndingAfter(double t) const {
  // The first block whose running maximum end passes t holds the answer; blocks before it ended.
  auto it = std::upper_bound(block_max_end_.begin(), block_max_end_.end(), t,
                             [](double value, TimeNs maxEnd) { return value < static_cast<double>(maxEnd); });
  std::size_t b = static_cast<std::size_t>(it - block_max_end_.begin());
  std::size_t n = size();
  for (std::size_t i = b * kBlock; i < n; ++i) {
    if (static_cast<double>(end(i)) > t) return i;
  }
  return n;
}

std::size_t Row::firstStartingAtOrAfter(double t, std::size_t from) const {
  std::size_t n = size();
  if (from >= n) return n;
  // Blocks whose first start is below t cannot begin the answer's block; search the block index first.
  std::size_t fromBlock = from / kBlock;
  auto it = std::lower_bound(block_first_start_.begin() + static_cast<std::ptrdiff_t>(fromBlock + 1),
                             block_first_start_.end(), t,
                             [](TimeNs s, double value) { return static_cast<double>(s) < value; });
  std::size_t b = static_cast<std::size_t>(it - block_first_start_.begin());
  // Every interval of blocks >= b starts at or after t; the answer is in block b - 1 or is b's first.
  std::size_t lo = std::max(from, (b - 1) * kBlock);
  std::size_t hi = std::min(n, b * kBlock);
  for (std::size_t i = lo; i < hi; ++i) {
    if (static_cast<double>(start(i)) >= t) return i;
  }
  return hi;
}

TimeNs Row::durationBefore(std::size_t i) const {
  if (i == 0) return 0;
  std::size_t b = i / kBlock;
  if (b >= block_duration_.size()) {
    b = block_duration_.size() - 1;
  }
  TimeNs sum = block_duration_[b];
  for (std::size_t k = b * kBlock; k < i; ++k) sum += end(k) - start(k);
  return sum;
}

double Row::coveredBefore(double t) const {
  std::size_t k = firstStartingAtOrAfter(t);
  if (k == 0) return 0;
  // Without overlaps every interval before k - 1 ended before k - 1 began, hence before t.
  double last = std::min(static_cast<double>(end(k - 1)), t) - static_cast<double>(start(k - 1));
  return static_cast<double>(durationBefore(k - 1)) + std::max(last, 0.0);
}

std::size_t Row::memoryBytes() const {
  return positions_.capacity() * sizeof(std::uint32_t) +
         (block_first_start_.capacity() + block_max_end_.capacity() + block_duration_.capacity()) * sizeof(TimeNs);
}

}  // namespace feedscope::view
