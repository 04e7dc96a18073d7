// Name search: string ids first, then intervals by name id.
#include "view/search.h"
#include "trace/copy_names.h"

#include <algorithm>
#include <array>
#include <tuple>

namespace feedscope::view {
namespace {

char lowerAscii(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

std::string lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = lowerAscii(c);
  return out;
}

// `needle` is lower case already.
bool containsIgnoringCase(std::string_view haystack, std::string_view needle) {
  if (needle.size() > haystack.size()) return false;
  auto it = std::search(haystack.begin(), haystack.end(), needle.begin(), needle.end(),
                        [](char h, char n) { return lowerAscii(h) == n; });
  return it != haystack.end();
}

// Which names of one string table match: computed once per table, not once per interval.
struct TableMatches {
  const trace::StringTable* table = nullptr;
  std::vector<std::uint8_t> matches;
};

// Intervals without a name are shown by a name made from their kind (and memories, for copies):
// intervalName()'s rule. The few possible such names are matched once, by (kind, src, dst).
class UnnamedMatches {
 public:
  explicit UnnamedMatches(std::string_view needle) : needle_(needle) { known_.fill(-1); }
  bool matches(trace::IntervalKind kind, trace::MemoryKind src, trace::MemoryKind dst) {
    std::size_t k = static_cast<std::size_t>(kind) % trace::kIntervalKindCount;
    std::size_t s = static_cast<std::size_t>(src) % trace::kMemoryKindCount;
    std::size_t d = static_cast<std::size_t>(dst) % trace::kMemoryKindCount;
    std::int8_t& known = known_[(k * trace::kMemoryKindCount + s) * trace::kMemoryKindCount + d];
    if (known < 0) {
      std::string name = trace::isCopy(kind) ? trace::copyDisplayName(kind, src, dst)
                                             : std::string(trace::intervalKindName(kind));
      known = containsIgnoringCase(name, needle_) ? 1 : 0;
    }
    return known == 1;
  }

 private:
  std::string_view needle_;
  std::array<std::int8_t, trace::kIntervalKindCount * trace::kMemoryKindCount * trace::kMemoryKindCount> known_{};
};

struct Key {
  double start;
  std::size_t lane, row, item;
  friend bool operator<(const Key& a, const Key& b) {
    return std::tie(a.start, a.lane, a.row, a.item) < std::tie(b.start, b.lane, b.row, b.item);
  }
};

Key keyOf(const TimelineModel& model, std::size_t lane, std::size_t row, std::size_t item) {
  const Lane& l = model.lanes()[lane];
  return {model.toDisplay(l.run, l.rows[row].start(item)), lane, row, item};
}

}  // namespace

SearchResult SearchResult::find(const TimelineModel& model, std::string_view query) {
  SearchResult result;
  result.lane_first_.assign(model.lanes().size(), 0);
  if (query.empty()) {
    std::fill(result.lane_first_.begin(), result.lane_first_.end(), result.rows_.size());
    return result;
  }
  result.query_ = std::string(query);
  const std::string needle = lowered(query);
  std::vector<TableMatches> tables;
  auto matchesOf = [&](const trace::StringTable* table) -> const std::vector<std::uint8_t>& {
    for (const auto& t : tables) {
      if (t.table == table) return t.matches;
    }
    TableMatches t;
    t.table = table;
    t.matches.assign(table->size(), 0);
    for (std::size_t id = 1; id < table->size(); ++id)
      t.matches[id] = containsIgnoringCase(table->get(static_cast<trace::StringId>(id)), needle) ? 1 : 0;
    tables.push_back(std::move(t));
    return tables.back().matches;
  };
  UnnamedMatches unnamed(needle);

  for (std::size_t l = 0; l < model.lanes().size(); ++l) {
    const Lane& lane = model.lanes()[l];
    result.lane_first_[l] = result.rows_.size();
    // Derived lanes (starvation causes, the A/B difference) are figures, not named work.
    if (lane.kind == LaneKind::Starvation || lane.kind == LaneKind::IdleDifference ||
        lane.kind == LaneKind::PeerWait)
      continue;
    static const std::vector<std::uint8_t> kNoNames;
    const std::vector<std::uint8_t>& named = lane.strings != nullptr ? matchesOf(lane.strings) : kNoNames;
    for (std::size_t r = 0; r < lane.rows.size(); ++r) {
      const Row& row = lane.rows[r];
      const auto& c = row.columns();
      RowMatches rm{l, r, {}};
      for (std::size_t i = 0; i < row.size(); ++i) {
        const std::size_t p = row.position(i);
        const trace::StringId id = c.name[p];
        bool hit = id != 0 && id < named.size() ? named[id] != 0 : unnamed.matches(c.kind[p], c.src[p], c.dst[p]);
        if (hit) rm.items.push_back(static_cast<std::uint32_t>(i));
      }
      if (rm.items.empty()) continue;
      result.count_ += rm.items.size();
      result.rows_.push_back(std::move(rm));
    }
  }
  return result;
}

const SearchResult::RowMatches* SearchResult::rowMatches(std::size_t lane, std::size_t row) const {
  if (lane >= lane_first_.size()) return nullptr;
  for (std::size_t k = lane_first_[lane]; k < rows_.size() && rows_[k].lane == lane; ++k) {
    if (rows_[k].row == row) return &rows_[k];
  }
  return nullptr;
}

std::span<const std::uint32_t> SearchResult::itemsIn(std::size_t lane, std::size_t row) const {
  const RowMatches* rm = rowMatches(lane, row);
  if (rm == nullptr) return {};
  return rm->items;
}

bool SearchResult::contains(const ItemRef& ref) const {
  return anyIn(ref.lane, ref.row, ref.item, ref.item + 1);
}

bool SearchResult::anyIn(std::size_t lane, std::size_t row, std::size_t begin, std::size_t end) const {
  const RowMatches* rm = rowMatches(lane, row);
  if (rm == nullptr || begin >= end) return false;
  auto it = std::lower_bound(rm->items.begin(), rm->items.end(), begin);
  return it != rm->items.end() && *it < end;
}

std::optional<ItemRef> SearchResult::first(const TimelineModel& model) const {
  std::optional<Key> best;
  for (const auto& rm : rows_) {
    Key k = keyOf(model, rm.lane, rm.row, rm.items.front());
    if (!best || k < *best) best = k;
  }
  if (!best) return std::nullopt;
  return ItemRef{best->lane, best->row, best->item};
}

std::optional<ItemRef> SearchResult::last(const TimelineModel& model) const {
  std::optional<Key> best;
  for (const auto& rm : rows_) {
    Key k = keyOf(model, rm.lane, rm.row, rm.items.back());
    if (!best || *best < k) best = k;
  }
  if (!best) return std::nullopt;
  return ItemRef{best->lane, best->row, best->item};
}

std::optional<ItemRef> SearchResult::next(const TimelineModel& model, const ItemRef& from) const {
  const Key k0 = keyOf(model, from.lane, from.row, from.item);
  std::optional<Key> best;
  for (const auto& rm : rows_) {
    // Keys rise with the item index inside a row: the first one after k0 is found by bisection.
    auto it = std::partition_point(rm.items.begin(), rm.items.end(), [&](std::uint32_t i) {
      return !(k0 < keyOf(model, rm.lane, rm.row, i));
    });
    if (it == rm.items.end()) continue;
    Key k = keyOf(model, rm.lane, rm.row, *it);
    if (!best || k < *best) best = k;
  }
  if (!best) return first(model);
  return ItemRef{best->lane, best->row, best->item};
}

std::optional<ItemRef> SearchResult::previous(const TimelineModel& model, const ItemRef& from) const {
  const Key k0 = keyOf(model, from.lane, from.row, from.item);
  std::optional<Key> best;
  for (const auto& rm : rows_) {
    auto it = std::partition_point(rm.items.begin(), rm.items.end(),
                                   [&](std::uint32_t i) { return keyOf(model, rm.lane, rm.row, i) < k0; });
    if (it == rm.items.begin()) continue;
    Key k = keyOf(model, rm.lane, rm.row, *(it - 1));
    if (!best || *best < k) best = k;
  }
  if (!best) return last(model);
  return ItemRef{best->lane, best->row, best->item};
}

std::optional<ItemRef> SearchResult::firstFrom(const TimelineModel& model, double displayNs) const {
  std::optional<Key> best;
  for (const auto& rm : rows_) {
    const Lane& lane = model.lanes()[rm.lane];
    auto it = std::partition_point(rm.items.begin(), rm.items.end(), [&](std::uint32_t i) {
      return model.toDisplay(lane.run, lane.rows[rm.row].start(i)) < displayNs;
    });
    if (it == rm.items.end()) continue;
    Key k = keyOf(model, rm.lane, rm.row, *it);
    if (!best || k < *best) best = k;
  }
  if (!best) return first(model);
  return ItemRef{best->lane, best->row, best->item};
}

std::size_t SearchResult::ordinal(const TimelineModel& model, const ItemRef& ref) const {
  const Key k0 = keyOf(model, ref.lane, ref.row, ref.item);
  std::size_t before = 0;
  for (const auto& rm : rows_) {
    auto it = std::partition_point(rm.items.begin(), rm.items.end(),
                                   [&](std::uint32_t i) { return keyOf(model, rm.lane, rm.row, i) < k0; });
    before += static_cast<std::size_t>(it - rm.items.begin());
  }
  return before;
}

SearchMarks markMatches(const SearchResult& result, const DrawList& list, const LaneLayout& layout) {
  SearchMarks marks;
  if (!result.active()) return marks;
  marks.box_matches.assign(list.boxes.size(), 0);
  for (std::size_t b = 0; b < list.boxes.size(); ++b) {
    const DrawBox& box = list.boxes[b];
    const SlotPlacement& slot = layout.row_slots[box.slot];
    marks.box_matches[b] = result.contains({slot.lane, slot.row, box.item}) ? 1 : 0;
  }
  for (const DrawFold& fold : list.folds) {
    const SlotPlacement& slot = layout.row_slots[fold.slot];
    const std::span<const std::uint32_t> items = result.itemsIn(slot.lane, slot.row);
    // A fold with no match anywhere costs one search; only folds with matches are walked by column,
    // and the columns go left to right, in item order, so each search starts where the last ended.
    auto next = std::lower_bound(items.begin(), items.end(), fold.first_item);
    if (next == items.end() || *next >= fold.end_item) continue;
    for (int x = fold.x0; x < fold.x1; ++x) {
      const FoldColumn& c = list.column(fold, x);
      if (c.count == 0) continue;
      // (Should a column ever start before the last one's first item, search from the beginning.)
      const auto from = next != items.begin() && *std::prev(next) >= c.first_item ? items.begin() : next;
      next = std::lower_bound(from, items.end(), c.first_item);
      if (next != items.end() && *next < c.first_item + c.count) marks.fold_columns.push_back({fold.slot, x});
    }
  }
  return marks;
}

}  // namespace feedscope::view
