// Per-pixel folding: the visible part of each row is found by binary search, intervals wide enough are
// boxes, and the rest are gathered per pixel column by jumping to the first interval that starts in
// the next column, so a frame costs about (columns + boxes) x log(intervals), not the interval count.
#include "view/draw_list.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace feedscope::view {
namespace {

class RowFolder {
 public:
  // `colorOf(i)`: the colour interval i has as a box. A fold takes its first interval's, so that an item
  // keeps one colour at every zoom (a row of one name is one colour zoomed in and out).
  RowFolder(DrawList& list, const Row& row, const Viewport& viewport, TimeNs origin, std::uint32_t slot,
            std::function<Rgb(std::uint32_t)> colorOf, std::vector<float>* stackBase, const DrawOptions& options)
      : list_(list),
        row_(row),
        viewport_(viewport),
        origin_(origin),
        slot_(slot),
        color_of_(std::move(colorOf)),
        stack_base_(stackBase),
        options_(options),
        width_(static_cast<int>(std::ceil(viewport.width()))) {}

  // Adds intervals [first, end) that start in pixel column `column` and reach at most `lastColumn`;
  // `next` is the first interval that starts at or after the next column (end, or one more when the
  // last interval of the column was left out to be drawn as a box).
  void add(std::uint32_t first, std::uint32_t end, std::uint32_t next, int column, int lastColumn) {
    column = std::min(column, width_ - 1);
    lastColumn = std::min(std::max(lastColumn, column), width_ - 1);
    if (open_ && column > fold_.x1) flush();  // a column without any of the row's time between
    if (!open_) {
      open_ = true;
      fold_ = DrawFold{};
      fold_.x0 = column;
      fold_.x1 = column;
      fold_.slot = slot_;
      fold_.first_item = first;
      fold_.color = color_of_(first);
      fold_.first_column = list_.columns.size();
    }
    extendTo(column, first);
    list_.columns[fold_.first_column + static_cast<std::size_t>(column - fold_.x0)].count += end - first;
    // Later columns of the fold have nothing starting in them yet: their first interval is `next`.
    // measureColumns() relies on this being exact.
    for (int x = column + 1; x < fold_.x1; ++x)
      list_.columns[fold_.first_column + static_cast<std::size_t>(x - fold_.x0)].first_item = next;
    extendTo(lastColumn, next);
    fold_.end_item = end;
    fold_.count += end - first;
  }

  void flush() {
    if (!open_) return;
    open_ = false;
    measureColumns();
    list_.folds.push_back(fold_);
  }

 private:
  // Makes columns up to `column` exist; new ones begin at `item`.
  void extendTo(int column, std::uint32_t item) {
    while (fold_.x1 <= column) {
      FoldColumn c;
      c.first_item = item;
      list_.columns.push_back(c);
      ++fold_.x1;
    }
  }

  // Covered time at each column edge and part edge. Inside the fold a column's right edge is the next
  // column's left one, whose first interval add() already found: only part edges need a search.
  void measureColumns() {
    const int parts = std::max(options_.peak_parts, 1);
    std::size_t cursor = 0;
    double covered = row_.coveredBefore(columnTime(fold_.x0), &cursor);
    for (int x = fold_.x0; x < fold_.x1; ++x) {
      FoldColumn& c = list_.columns[fold_.first_column + static_cast<std::size_t>(x - fold_.x0)];
      double partNs = viewport_.nsPerPx() / parts;
      double start = covered;
      double peak = 0;
      for (int k = 1; k <= parts; ++k) {
        double next;
        if (k == parts && x + 1 < fold_.x1) {
          cursor = list_.columns[fold_.first_column + static_cast<std::size_t>(x + 1 - fold_.x0)].first_item;
          next = row_.coveredBeforeFirst(columnTime(x + 1), cursor);
        } else {
          next = row_.coveredBefore(columnTime(x + static_cast<double>(k) / parts), &cursor);
        }
        peak = std::max(peak, (next - covered) / partNs);
        covered = next;
      }
      c.mean = static_cast<float>(std::clamp((covered - start) / viewport_.nsPerPx(), 0.0, 1.0));
      c.peak = parts == 1 ? (covered > start || c.count > 0 ? 1.0f : 0.0f)
                          : static_cast<float>(std::clamp(peak, 0.0, 1.0));
      if (stack_base_ != nullptr && x >= 0 && x < static_cast<int>(stack_base_->size())) {
        float& base = (*stack_base_)[static_cast<std::size_t>(x)];
        c.base = base;
        base += c.mean;
      }
    }
  }

  RunTime columnTime(double x) const { return {origin_, viewport_.toTime(x)}; }

  DrawList& list_;
  const Row& row_;
  const Viewport& viewport_;
  TimeNs origin_;
  std::uint32_t slot_;
  std::function<Rgb(std::uint32_t)> color_of_;
  std::vector<float>* stack_base_;
  const DrawOptions& options_;
  int width_;
  bool open_ = false;
  DrawFold fold_;
};

std::uint8_t boxStyle(const Lane& lane, const Row& row, std::size_t i) {
  // A wait for a peer is drawn hatched in the late rank's colour (docs/gui.md "Jobs").
  if (lane.kind == LaneKind::PeerWait) return box_style::kHatched;
  if (lane.kind != LaneKind::CopyH2D && lane.kind != LaneKind::CopyD2H) return 0;
  const auto& c = row.columns();
  std::size_t p = row.position(i);
  trace::MemoryKind host = lane.kind == LaneKind::CopyH2D ? c.src[p] : c.dst[p];
  return host == trace::MemoryKind::Pageable ? box_style::kHatched : 0;
}

void buildRow(DrawList& list, const TimelineModel& model, const Lane& lane, std::size_t rowIndex,
              std::uint32_t slot, const Viewport& viewport, std::vector<float>* stackBase,
              const DrawOptions& options) {
  const Row& row = lane.rows[rowIndex];
  if (row.empty()) return;
  // docs/architecture.md, time in the view: int64 run-clock times less the run's origin, exactly, and
  // only then a double.
  const TimeNs origin = model.runs()[lane.run].origin;
  const TimeRange visible = viewport.visible();
  const RunTime t0{origin, visible.start};
  const double width = viewport.width();
  RowFolder folder(
      list, row, viewport, origin, slot, [&](std::uint32_t i) { return model.intervalColor(lane, row, i); },
      stackBase, options);
  auto toPx = [&](TimeNs t) { return viewport.toPx(static_cast<double>(t - origin)); };

  std::size_t n = row.size();
  std::size_t i = row.firstEndingAfter(t0);
  while (i < n && static_cast<double>(row.start(i) - origin) < visible.end) {
    double x0 = toPx(row.start(i));
    double x1 = toPx(row.end(i));
    if (x1 - x0 >= options.min_box_px) {
      folder.flush();
      list.boxes.push_back({std::max(x0, -2.0), std::min(x1, width + 2), slot, static_cast<std::uint32_t>(i),
                            model.intervalColor(lane, row, i), boxStyle(lane, row, i)});
      ++i;
      continue;
    }
    // Fold every interval that starts in this pixel column; the jump is what keeps a zoomed-out frame
    // from visiting millions of intervals.
    int column = static_cast<int>(std::floor(std::max(x0, 0.0)));
    // The same expression as RowFolder::columnTime, so both find the same first interval.
    const RunTime nextColumnStart{origin, viewport.toTime(column + 1)};
    const std::size_t next = row.firstStartingAtOrAfter(nextColumnStart, i + 1);
    std::size_t j = next;
    // The last of them may be long: leave it for the next round, which draws it as a box.
    if (j - 1 > i && toPx(row.end(j - 1)) - toPx(row.start(j - 1)) >= options.min_box_px) --j;
    // Without overlaps the last interval ends last; the overflow row has to look at all of them.
    TimeNs lastEnd = row.end(j - 1);
    if (row.overlapping()) {
      for (std::size_t k = i; k < j; ++k) lastEnd = std::max(lastEnd, row.end(k));
    }
    double lastEndPx = toPx(lastEnd);
    int lastColumn = static_cast<int>(std::ceil(lastEndPx)) - 1;
    folder.add(static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j), static_cast<std::uint32_t>(next),
               column, lastColumn);
    i = j;
  }
  folder.flush();
}

// The share of each pixel column `row` covers (exact for a row without overlaps: a union row is one).
std::vector<float> coverageOf(const Row& row, const Viewport& viewport, TimeNs origin) {
  const int width = static_cast<int>(std::ceil(viewport.width()));
  std::vector<float> share(static_cast<std::size_t>(std::max(width, 0)), 0.0f);
  if (row.empty() || width <= 0) return share;
  std::size_t cursor = 0;
  double covered = row.coveredBefore({origin, viewport.toTime(0)}, &cursor);
  for (int x = 0; x < width; ++x) {
    const double next = row.coveredBefore({origin, viewport.toTime(x + 1)}, &cursor);
    share[static_cast<std::size_t>(x)] = static_cast<float>(std::clamp((next - covered) / viewport.nsPerPx(), 0.0, 1.0));
    covered = next;
  }
  return share;
}

}  // namespace

DrawList buildDrawList(const TimelineModel& model, const LaneLayout& layout, const Viewport& viewport,
                       double top, double height, const DrawOptions& options) {
  DrawList list;
  list.slot_boxes.resize(layout.row_slots.size());
  list.slot_folds.resize(layout.row_slots.size());
  std::vector<float> stackBase;
  std::size_t stackLane = static_cast<std::size_t>(-1);
  for (std::size_t s = 0; s < layout.row_slots.size(); ++s) {
    const SlotPlacement& slot = layout.row_slots[s];
    list.slot_boxes[s].begin = list.slot_boxes[s].end = static_cast<std::uint32_t>(list.boxes.size());
    list.slot_folds[s].begin = list.slot_folds[s].end = static_cast<std::uint32_t>(list.folds.size());
    if (slot.y + slot.height < top || slot.y > top + height) continue;
    ++list.visible_slots;
    const Lane& lane = model.lanes()[slot.lane];
    std::vector<float>* base = nullptr;
    if (lane.stacked) {
      if (stackLane != slot.lane) {
        stackLane = slot.lane;
        stackBase.assign(static_cast<std::size_t>(std::ceil(viewport.width())), 0.0f);
      }
      base = &stackBase;
    }
    buildRow(list, model, lane, slot.row, static_cast<std::uint32_t>(s), viewport, base, options);
    // A collapsed lane's rows share one strip: its busy share is its union's, measured once, at row 0.
    const LanePlacement* placement = layout.placementOf(slot.lane);
    const bool collapsed = placement != nullptr && placement->collapsed;
    if (!lane.stacked && (!collapsed || slot.row == 0) && !lane.rows[slot.row].empty()) {
      const Row& covered = collapsed ? lane.coverageRow() : lane.rows[slot.row];
      list.coverage.push_back({static_cast<std::uint32_t>(s), coverageOf(covered, viewport, model.runs()[lane.run].origin)});
    }
    list.slot_boxes[s].end = static_cast<std::uint32_t>(list.boxes.size());
    list.slot_folds[s].end = static_cast<std::uint32_t>(list.folds.size());
  }
  return list;
}

}  // namespace feedscope::view
