// Intervals of one track stored as columns (structure of arrays): 36 bytes per interval.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "trace/types.h"

namespace feedscope::trace {

// One interval as a value, for building tracks and for tests; storage is columnar.
struct Interval {
  TimeNs start_ns = 0;
  TimeNs end_ns = 0;
  IntervalKind kind = IntervalKind::Kernel;
  std::uint64_t bytes = 0;
  MemoryKind src = MemoryKind::Unknown;
  MemoryKind dst = MemoryKind::Unknown;
  StringId name = 0;
  std::uint32_t correlation = 0;
  std::uint8_t flags = 0;

  TimeNs durationNs() const { return end_ns - start_ns; }
  friend bool operator==(const Interval&, const Interval&) = default;
};

class IntervalColumns {
 public:
  void reserve(std::size_t n);
  void push_back(const Interval& iv);
  void clear();
  void shrinkToFit();
  std::size_t size() const { return start_ns.size(); }
  bool empty() const { return start_ns.empty(); }
  Interval at(std::size_t i) const;

  bool isSortedByStart() const;
  // Stable sort of all columns by start time.
  void sortByStart();
  // First index whose start is >= t (binary search; columns must be sorted).
  std::size_t lowerBoundStart(TimeNs t) const;
  std::size_t memoryBytes() const;  // bytes held by the columns (capacity)
  static constexpr std::size_t kBytesPerInterval = 2 * sizeof(TimeNs) + sizeof(std::uint64_t) +
                                                   2 * sizeof(std::uint32_t) + 4 * sizeof(std::uint8_t);

  std::vector<TimeNs> start_ns;
  std::vector<TimeNs> end_ns;
  std::vector<std::uint64_t> bytes;
  std::vector<StringId> name;
  std::vector<std::uint32_t> correlation;
  std::vector<IntervalKind> kind;
  std::vector<MemoryKind> src;
  std::vector<MemoryKind> dst;
  std::vector<std::uint8_t> flags;
};

}  // namespace feedscope::trace
