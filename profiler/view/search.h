// Search by name over every interval of the timeline (kernels, copies, memsets, ranges, steps, API
// calls, operators; not the derived starvation lane), across all runs. Names are matched once per
// string id (case-insensitive substring), then intervals are picked by their name id: one pass over
// the name column with a table lookup, so 10 M intervals take a few milliseconds, not a string
// comparison each. Matches are kept per row as sorted item indices (4 bytes a match); stepping
// through them in time order searches each matching row instead of sorting every match.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "view/draw_list.h"
#include "view/item_ref.h"
#include "view/timeline_model.h"

namespace feedscope::view {

class SearchResult {
 public:
  SearchResult() = default;
  // Every interval whose name (as intervalName() gives it) contains `query`, ignoring ASCII case.
  // An empty query matches nothing.
  static SearchResult find(const TimelineModel& model, std::string_view query);

  const std::string& query() const { return query_; }
  bool active() const { return !query_.empty(); }
  std::size_t count() const { return count_; }

  bool contains(const ItemRef& ref) const;
  // Whether any of items [begin, end) of a row matches.
  bool anyIn(std::size_t lane, std::size_t row, std::size_t begin, std::size_t end) const;
  // The matching items of one row, ascending (empty when none).
  std::span<const std::uint32_t> itemsIn(std::size_t lane, std::size_t row) const;

  // Matches in time order: display start, then lane, row and item (runs stacked in one order).
  std::optional<ItemRef> first(const TimelineModel& model) const;
  std::optional<ItemRef> last(const TimelineModel& model) const;
  // The match after / before `from` (itself a match or not), wrapping around at the ends.
  std::optional<ItemRef> next(const TimelineModel& model, const ItemRef& from) const;
  std::optional<ItemRef> previous(const TimelineModel& model, const ItemRef& from) const;
  // The first match that starts at or after display time t (wrapping to the first).
  std::optional<ItemRef> firstFrom(const TimelineModel& model, double displayNs) const;
  // How many matches come before `ref` in time order: "ordinal + 1 / count" for the search bar.
  std::size_t ordinal(const TimelineModel& model, const ItemRef& ref) const;

 private:
  struct RowMatches {
    std::size_t lane = 0;
    std::size_t row = 0;
    std::vector<std::uint32_t> items;  // ascending, so ascending in start time too
  };
  const RowMatches* rowMatches(std::size_t lane, std::size_t row) const;

  std::string query_;
  std::size_t count_ = 0;
  std::vector<RowMatches> rows_;  // rows with at least one match, in lane order
  // Per lane: its first entry in rows_ (rows_.size() when it has none); rows of a lane are adjacent.
  std::vector<std::size_t> lane_first_;
};

// What of one frame matches: a flag per box of the draw list, and the fold columns (slot, x) that
// hold at least one match, so the painter dims the rest and marks these.
struct SearchMarks {
  std::vector<std::uint8_t> box_matches;
  struct Column {
    std::uint32_t slot = 0;
    int x = 0;
  };
  std::vector<Column> fold_columns;
};
SearchMarks markMatches(const SearchResult& result, const DrawList& list, const LaneLayout& layout);

}  // namespace feedscope::view
