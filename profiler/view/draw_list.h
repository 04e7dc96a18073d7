// The plain list of what one frame of the timeline paints, built apart from painting so it can be
// tested without a screen: boxes for intervals wide enough to see, and folds where intervals narrower
// than a few pixels are gathered per pixel column into boxes that know how many they hold and how
// busy each column was (GUI convention 5: a dense lane reads as a utilisation chart).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "view/lane_layout.h"
#include "view/timeline_model.h"
#include "view/viewport.h"

namespace feedscope::view {

namespace box_style {
inline constexpr std::uint8_t kHatched = 1u << 0;  // a copy from pageable memory, a wait for a peer
}  // namespace box_style

// One interval drawn on its own.
struct DrawBox {
  double x0 = 0;  // pixels, clipped to a little outside the view
  double x1 = 0;
  std::uint32_t slot = 0;  // LaneLayout::row_slots index
  std::uint32_t item = 0;  // index in the slot's row
  Rgb color = 0;
  std::uint8_t style = 0;
};

// One pixel column of a fold.
struct FoldColumn {
  float mean = 0;           // share of the column's time the row covered (0..1)
  float peak = 0;           // the largest share over the column's parts; with one part, 1 where anything ran
  float base = 0;           // where the column starts in a stacked lane (sum of the rows below it)
  std::uint32_t count = 0;  // intervals that start in the column
  std::uint32_t first_item = 0;  // the first of them (or where they would be)
};

// Sub-pixel intervals of one row over adjacent pixel columns [x0, x1).
struct DrawFold {
  int x0 = 0;
  int x1 = 0;
  std::uint32_t slot = 0;
  std::uint32_t first_item = 0;
  std::uint32_t end_item = 0;  // one past the last
  std::uint64_t count = 0;
  Rgb color = 0;
  std::size_t first_column = 0;  // DrawList::columns index of column x0
};

// How busy each pixel column of a slot is, as drawn: the share of the column's time covered by the union
// of what the slot shows (all the rows of a collapsed lane, else the slot's row), over every visible
// column, boxes and folds alike (docs/gui.md, convention 5: zoomed out, a lane reads at its true
// utilisation, as Perfetto's and Tracy's summaries do). The painter fills it under the boxes.
struct SlotCoverage {
  std::uint32_t slot = 0;
  std::vector<float> share;  // one per pixel column of the view, 0..1
};

struct ItemRange {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
};

struct DrawList {
  std::vector<DrawBox> boxes;         // per slot in x order
  std::vector<DrawFold> folds;        // per slot in x order
  std::vector<FoldColumn> columns;    // the folds' columns
  std::vector<ItemRange> slot_boxes;  // per slot: its boxes
  std::vector<ItemRange> slot_folds;  // per slot: its folds
  std::vector<SlotCoverage> coverage;  // per visible slot with intervals (not the stacked lanes': their folds stack)
  std::size_t visible_slots = 0;

  const FoldColumn& column(const DrawFold& fold, int x) const {
    return columns[fold.first_column + static_cast<std::size_t>(x - fold.x0)];
  }
};

struct DrawOptions {
  // Narrower intervals are folded (tracy's MinVisSize).
  double min_box_px = 3;
  // Parts of a pixel column measured for the fold's peak. Each part costs a search per column, which
  // at 10 M intervals is the difference between a 16 ms frame and a slow one; with one part the peak
  // is the maximum of the busy signal over the column (Perfetto's summary of a counter): 1 where
  // anything ran, so a faint band shows presence and the strong colour shows how busy.
  int peak_parts = 1;
};

// What is visible of `layout` between content y `top` and `top + height` in `viewport`.
DrawList buildDrawList(const TimelineModel& model, const LaneLayout& layout, const Viewport& viewport,
                       double top, double height, const DrawOptions& options = {});

}  // namespace feedscope::view
