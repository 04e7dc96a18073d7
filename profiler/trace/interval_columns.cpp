// Columnar interval storage.
#include "trace/interval_columns.h"

#include <algorithm>
#include <numeric>

namespace feedscope::trace {

void IntervalColumns::reserve(std::size_t n) {
  start_ns.reserve(n);
  end_ns.reserve(n);
  bytes.reserve(n);
  name.reserve(n);
  correlation.reserve(n);
  kind.reserve(n);
  src.reserve(n);
  dst.reserve(n);
  flags.reserve(n);
  if (!arguments.empty()) arguments.reserve(n);
}

void IntervalColumns::push_back(const Interval& iv) {
  // The arguments column begins with the first interval that has arguments: earlier ones get 0.
  if (iv.arguments != 0 || !arguments.empty()) {
    arguments.resize(size(), 0);
    arguments.push_back(iv.arguments);
  }
  start_ns.push_back(iv.start_ns);
  end_ns.push_back(iv.end_ns);
  bytes.push_back(iv.bytes);
  name.push_back(iv.name);
  correlation.push_back(iv.correlation);
  kind.push_back(iv.kind);
  src.push_back(iv.src);
  dst.push_back(iv.dst);
  flags.push_back(iv.flags);
}

void IntervalColumns::clear() { *this = IntervalColumns(); }

void IntervalColumns::shrinkToFit() {
  start_ns.shrink_to_fit();
  end_ns.shrink_to_fit();
  bytes.shrink_to_fit();
  name.shrink_to_fit();
  correlation.shrink_to_fit();
  kind.shrink_to_fit();
  src.shrink_to_fit();
  dst.shrink_to_fit();
  flags.shrink_to_fit();
  arguments.shrink_to_fit();
}

Interval IntervalColumns::at(std::size_t i) const {
  return Interval{start_ns[i], end_ns[i], kind[i], bytes[i], src[i], dst[i], name[i], correlation[i], flags[i],
                  argumentsAt(i)};
}

void IntervalColumns::set(std::size_t i, const Interval& iv) {
  start_ns[i] = iv.start_ns;
  end_ns[i] = iv.end_ns;
  bytes[i] = iv.bytes;
  name[i] = iv.name;
  correlation[i] = iv.correlation;
  kind[i] = iv.kind;
  src[i] = iv.src;
  dst[i] = iv.dst;
  flags[i] = iv.flags;
  if (iv.arguments != 0 && arguments.empty()) arguments.resize(size(), 0);
  if (!arguments.empty()) arguments[i] = iv.arguments;
}

void IntervalColumns::truncate(std::size_t n) {
  start_ns.resize(n);
  end_ns.resize(n);
  bytes.resize(n);
  name.resize(n);
  correlation.resize(n);
  kind.resize(n);
  src.resize(n);
  dst.resize(n);
  flags.resize(n);
  if (!arguments.empty()) arguments.resize(n);
}

bool IntervalColumns::isSortedByStart() const { return std::is_sorted(start_ns.begin(), start_ns.end()); }

namespace {
template <typename Column>
void permute(Column& column, const std::vector<std::size_t>& order) {
  Column sorted(column.size());
  for (std::size_t i = 0; i < order.size(); ++i) sorted[i] = column[order[i]];
  column.swap(sorted);
}
}  // namespace

void IntervalColumns::sortByStart() {
  if (isSortedByStart()) return;
  std::vector<std::size_t> order(size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [this](std::size_t a, std::size_t b) { return start_ns[a] < start_ns[b]; });
  permute(start_ns, order);
  permute(end_ns, order);
  permute(bytes, order);
  permute(name, order);
  permute(correlation, order);
  permute(kind, order);
  permute(src, order);
  permute(dst, order);
  permute(flags, order);
  if (!arguments.empty()) permute(arguments, order);
}

std::size_t IntervalColumns::lowerBoundStart(TimeNs t) const {
  return static_cast<std::size_t>(std::lower_bound(start_ns.begin(), start_ns.end(), t) - start_ns.begin());
}

std::size_t IntervalColumns::memoryBytes() const {
  return start_ns.capacity() * sizeof(TimeNs) + end_ns.capacity() * sizeof(TimeNs) +
         bytes.capacity() * sizeof(std::uint64_t) + name.capacity() * sizeof(StringId) +
         correlation.capacity() * sizeof(std::uint32_t) + kind.capacity() + src.capacity() + dst.capacity() +
         flags.capacity() + arguments.capacity() * sizeof(std::uint32_t);
}

}  // namespace feedscope::trace
