// What is under the mouse: a pure function of the draw list and the layout, so hover and click are
// tested without a screen.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "view/draw_list.h"
#include "view/lane_layout.h"

namespace feedscope::view {

struct Hit {
  enum class Kind : std::uint8_t { Interval, Fold };
  Kind kind = Kind::Interval;
  std::size_t slot = 0;
  std::size_t lane = 0;
  std::size_t row = 0;
  std::size_t item = 0;      // Interval: the interval's index in its row; Fold: the column's first item
  std::size_t end_item = 0;  // Fold: one past the column's last item
  int column = 0;            // Fold: the pixel column
  FoldColumn fold_column;    // Fold: the column's figures
  friend bool operator==(const Hit& a, const Hit& b) {
    return a.kind == b.kind && a.slot == b.slot && a.item == b.item && a.end_item == b.end_item &&
           a.column == b.column;
  }
};

// The item at (x, y) in view pixels (y in content pixels). A box under the point wins, then a fold
// column, then the nearest box within `tolerancePx` (thin boxes are hard to hit exactly).
std::optional<Hit> hitTest(const DrawList& list, const LaneLayout& layout, double x, double y,
                           double tolerancePx = 3);

}  // namespace feedscope::view
