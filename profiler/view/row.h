// One row of a timeline lane: intervals of a track (all of them, or the positions a lane picked)
// sorted by start, with a small block index so that the visible part, interval counts and covered
// time are found by binary search instead of by walking millions of intervals on every frame.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "analysis/gap_cause.h"
#include "trace/interval_columns.h"
#include "view/idle_step.h"

namespace feedscope::view {

using trace::TimeNs;

// A time on a run's clock as the view asks for it: the run's display origin (int64 ns, exact) and an
// offset from it (double ns: small, so exact to far below a nanosecond, and fractional when zoomed in
// past a nanosecond per pixel). Rows compare `start - origin` with `offset`, so an epoch-scale
// timestamp (1.8e18 ns, where a double steps by 256 ns) is never rounded.
struct RunTime {
  TimeNs origin = 0;
  double offset = 0;
};

class Row {
 public:
  // Intervals per block of the index. Searches touch interval data only inside one block, so small
  // blocks keep a zoomed-out frame's thousands of searches cheap; the index costs 3 bytes per interval
  // (with 32 per block the zoomed-out draw list of 10 M intervals took about 1.7x as long here).
  static constexpr std::size_t kBlock = 8;

  // `positions` are indices into `columns`, sorted by start; empty means every interval of `columns`.
  // `overlapping` says the row may hold intervals that overlap (a lane's overflow row): then covered
  // time is a sum, not a union, and only an upper bound.
  Row(const trace::IntervalColumns* columns, std::vector<std::uint32_t> positions, bool overlapping);
  // A row of the starvation lane: every interval of `columns`, and beside them `causes`, the gap cause
  // of each (a column of its own, parallel to `columns`).
  Row(const trace::IntervalColumns* columns, const std::vector<analysis::GapCause>* causes);
  // A row of an A/B lane: every interval of `columns` (the steps), and beside them `steps`, each
  // step's idle time and the baseline's (parallel to `columns`).
  Row(const trace::IntervalColumns* columns, const std::vector<IdleStep>* steps);

  std::size_t size() const { return positions_.empty() ? columns_->size() : positions_.size(); }
  bool empty() const { return size() == 0; }
  std::size_t position(std::size_t i) const { return positions_.empty() ? i : positions_[i]; }
  TimeNs start(std::size_t i) const { return columns_->start_ns[position(i)]; }
  TimeNs end(std::size_t i) const { return columns_->end_ns[position(i)]; }
  const trace::IntervalColumns& columns() const { return *columns_; }
  bool overlapping() const { return overlapping_; }
  // The gap cause of interval i; nullopt on a row without a cause column.
  std::optional<analysis::GapCause> cause(std::size_t i) const {
    if (causes_ == nullptr) return std::nullopt;
    return (*causes_)[position(i)];
  }
  // The idle figures of interval i; null on a row that is not an A/B lane's.
  const IdleStep* idleStep(std::size_t i) const {
    return idle_steps_ == nullptr ? nullptr : &(*idle_steps_)[position(i)];
  }

  // First i whose end is after t: every interval before it ended at or before t. With the block index
  // this finds intervals that began long before t and are still running (the end-time index).
  std::size_t firstEndingAfter(RunTime t) const;
  // First i at or after `from` whose start is >= t; the search gallops forward from `from`.
  std::size_t firstStartingAtOrAfter(RunTime t, std::size_t from = 0) const;
  // Sum of the durations of intervals [0, i).
  TimeNs durationBefore(std::size_t i) const;
  // Time the row covers before t (before any interval: 0). Exact for rows without overlaps. A caller
  // asking for increasing times passes a cursor (start it at 0 or at an index whose start is < t): the
  // search then starts there and leaves the cursor for the next call.
  double coveredBefore(RunTime t, std::size_t* cursor = nullptr) const;
  // The same when `first` is already known to be firstStartingAtOrAfter(t): no search.
  double coveredBeforeFirst(RunTime t, std::size_t first) const;

  // Bytes held by the index and the positions.
  std::size_t memoryBytes() const;

 private:
  const trace::IntervalColumns* columns_;
  std::vector<std::uint32_t> positions_;
  bool overlapping_;
  const std::vector<analysis::GapCause>* causes_ = nullptr;
  const std::vector<IdleStep>* idle_steps_ = nullptr;
  std::vector<TimeNs> block_first_start_;  // start of the first interval of block b
  std::vector<TimeNs> block_max_end_;      // latest end of intervals [0, (b + 1) * kBlock)
  std::vector<TimeNs> block_duration_;     // Σ durations of intervals [0, b * kBlock)
};

}  // namespace feedscope::view
