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

Row::Row(const trace::IntervalColumns* columns, const std::vector<analysis::GapCause>* causes)
    : Row(columns, {}, false) {
  causes_ = causes;
}

Row::Row(const trace::IntervalColumns* columns, const std::vector<IdleStep>* steps) : Row(columns, {}, false) {
  idle_steps_ = steps;
}

namespace {
// `t - origin` in double after the exact integer subtraction (RunTime).
double offsetOf(TimeNs t, TimeNs origin) { return static_cast<double>(t - origin); }
}  // namespace

std::size_t Row::firstEndingAfter(RunTime t) const {
  // The first block whose running maximum end passes t holds the answer; blocks before it ended.
  auto it = std::upper_bound(block_max_end_.begin(), block_max_end_.end(), t,
                             [](RunTime value, TimeNs maxEnd) { return value.offset < offsetOf(maxEnd, value.origin); });
  std::size_t b = static_cast<std::size_t>(it - block_max_end_.begin());
  std::size_t n = size();
  for (std::size_t i = b * kBlock; i < n; ++i) {
    if (offsetOf(end(i), t.origin) > t.offset) return i;
  }
  return n;
}

std::size_t Row::firstStartingAtOrAfter(RunTime t, std::size_t from) const {
  const std::size_t n = size();
  if (from >= n) return n;
  // Gallop over the block index from `from`: successive queries of a frame move forward a little at a
  // time, so the answer is close and the probes stay in cache.
  const std::size_t blocks = block_first_start_.size();
  auto before = [&](std::size_t b) { return offsetOf(block_first_start_[b], t.origin) < t.offset; };
  std::size_t lo = from / kBlock + 1;  // blocks in [from / kBlock + 1, lo) all start before t
  std::size_t hi = lo;
  for (std::size_t step = 1; hi < blocks && before(hi); step *= 2) {
    lo = hi + 1;
    hi = lo + step;
  }
  hi = std::min(hi, blocks);
  while (lo < hi) {
    std::size_t mid = lo + (hi - lo) / 2;
    if (before(mid)) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  // Every interval of blocks >= lo starts at or after t: the answer is in block lo - 1, or is lo's first.
  std::size_t first = std::max(from, (lo - 1) * kBlock);
  std::size_t last = std::min(n, lo * kBlock);
  while (first < last) {
    std::size_t mid = first + (last - first) / 2;
    if (offsetOf(start(mid), t.origin) < t.offset) {
      first = mid + 1;
    } else {
      last = mid;
    }
  }
  return first;
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

double Row::coveredBefore(RunTime t, std::size_t* cursor) const {
  std::size_t k = firstStartingAtOrAfter(t, cursor != nullptr ? *cursor : 0);
  if (cursor != nullptr) *cursor = k;
  return coveredBeforeFirst(t, k);
}

double Row::coveredBeforeFirst(RunTime t, std::size_t k) const {
  if (k == 0) return 0;
  // Without overlaps every interval before k - 1 ended before k - 1 began, hence before t.
  double last = std::min(offsetOf(end(k - 1), t.origin), t.offset) - offsetOf(start(k - 1), t.origin);
  return static_cast<double>(durationBefore(k - 1)) + std::max(last, 0.0);
}

std::size_t Row::memoryBytes() const {
  return positions_.capacity() * sizeof(std::uint32_t) +
         (block_first_start_.capacity() + block_max_end_.capacity() + block_duration_.capacity()) *
             sizeof(TimeNs);
}

}  // namespace feedscope::view
