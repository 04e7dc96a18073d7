// Hit-testing the draw list.
#include "view/hit_test.h"

#include <algorithm>
#include <cmath>

namespace feedscope::view {
namespace {

Hit intervalHit(const LaneLayout& layout, std::size_t slot, const DrawBox& box) {
  Hit h;
  h.kind = Hit::Kind::Interval;
  h.slot = slot;
  h.lane = layout.row_slots[slot].lane;
  h.row = layout.row_slots[slot].row;
  h.item = box.item;
  h.end_item = box.item + 1;
  return h;
}

}  // namespace

std::optional<Hit> hitTest(const DrawList& list, const LaneLayout& layout, double x, double y,
                           double tolerancePx) {
  std::optional<Hit> foldHit;
  bool foldHitExact = false;
  std::optional<Hit> nearHit;
  double nearDistance = tolerancePx;
  // Last slot first: where rows share a strip (a collapsed lane) the last row is drawn on top.
  for (std::size_t k = std::min(layout.row_slots.size(), list.slot_boxes.size()); k-- > 0;) {
    const std::size_t s = k;
    const SlotPlacement& slot = layout.row_slots[s];
    if (y < slot.y || y >= slot.y + slot.height) continue;
    // Boxes of a slot are in x order: the candidates are those starting before x + tolerance.
    ItemRange boxes = list.slot_boxes[s];
    auto first = list.boxes.begin() + boxes.begin;
    auto last = list.boxes.begin() + boxes.end;
    auto after =
        std::upper_bound(first, last, x + tolerancePx, [](double v, const DrawBox& b) { return v < b.x0; });
    // Rows do not overlap, so the box under x is among the last few that start before it; the overflow
    // row of a deep lane may overlap, hence a few rather than one.
    int scanned = 0;
    for (auto it = after; it != first && scanned < 64; ++scanned) {
      --it;
      if (x >= it->x0 && x < std::max(it->x1, it->x0 + 1)) return intervalHit(layout, s, *it);
      double distance = x < it->x0 ? it->x0 - x : x - it->x1;
      if (distance <= nearDistance) {
        nearDistance = distance;
        nearHit = intervalHit(layout, s, *it);
      }
    }
    int column = static_cast<int>(std::floor(x));
    ItemRange folds = list.slot_folds[s];
    for (std::uint32_t f = folds.begin; f < folds.end && !foldHitExact; ++f) {
      const DrawFold& fold = list.folds[f];
      if (column < fold.x0 || column >= fold.x1) continue;
      const FoldColumn& c = list.column(fold, column);
      Hit h;
      h.kind = Hit::Kind::Fold;
      h.slot = s;
      h.lane = slot.lane;
      h.row = slot.row;
      h.item = c.first_item;
      h.end_item = c.first_item + c.count;
      h.column = column;
      h.fold_column = c;
      // An empty column inside a fold is still busy with an interval that began earlier.
      if (c.count == 0 && c.mean <= 0) continue;
      // In a stacked lane the rows' columns sit on top of each other: take the one under y.
      double fromBottom = (slot.y + slot.height - y) / slot.height;
      double top = c.base + std::max(static_cast<double>(c.mean), 1.0 / slot.height);
      bool exact = fromBottom >= c.base && fromBottom <= top;
      if (!foldHit || exact) {
        foldHit = h;
        foldHitExact = exact;
      }
    }
  }
  if (foldHit) return foldHit;
  return nearHit;
}

}  // namespace feedscope::view
