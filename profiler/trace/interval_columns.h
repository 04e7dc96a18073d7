// Intervals of one track stored as columns (structure of arrays): 36 bytes per interval, and 4 more
// on a track whose intervals have arguments (the `arguments` column stays empty until one has).
// Columns of big tracks live on huge pages (LargeVector): loading millions of intervals is bound by
// page faults.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "trace/large_page_allocator.h"
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
  std::uint32_t arguments = 0;  // ArgumentsId in the run's RunArguments (trace/arguments.h); 0: none

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
  void set(std::size_t i, const Interval& iv);
  void truncate(std::size_t n);  // keeps the first n intervals (n <= size())

  bool isSortedByStart() const;
  // Stable sort of all columns by start time.
  void sortByStart();
  // First index whose start is >= t (binary search; columns must be sorted).
  std::size_t lowerBoundStart(TimeNs t) const;
  std::size_t memoryBytes() const;  // bytes held by the columns (capacity)
  static constexpr std::size_t kBytesPerInterval = 2 * sizeof(TimeNs) + sizeof(std::uint64_t) +
                                                   2 * sizeof(std::uint32_t) + 4 * sizeof(std::uint8_t);

  LargeVector<TimeNs> start_ns;
  LargeVector<TimeNs> end_ns;
  LargeVector<std::uint64_t> bytes;
  LargeVector<StringId> name;
  LargeVector<std::uint32_t> correlation;
  LargeVector<IntervalKind> kind;
  LargeVector<MemoryKind> src;
  LargeVector<MemoryKind> dst;
  LargeVector<std::uint8_t> flags;
  // Empty when no interval of the track has arguments; else one id per interval.
  LargeVector<std::uint32_t> arguments;

  std::uint32_t argumentsAt(std::size_t i) const { return arguments.empty() ? 0 : arguments[i]; }
};

}  // namespace feedscope::trace
