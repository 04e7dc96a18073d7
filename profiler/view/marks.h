// docs/gui.md convention 2: M marks the selected interval or range with a coloured band across every
// lane that stays when the selection moves on (Perfetto's M); M again on the same span removes it.
// Marks are in display time, like the viewport's selection, so a change of alignment drops them.
#pragma once

#include <cstddef>
#include <vector>

#include "present/palette.h"
#include "view/viewport.h"

namespace feedscope::view {

using present::Rgb;

struct Mark {
  TimeRange range;
  Rgb color = 0;
};

class Marks {
 public:
  // Marks `range`, or unmarks it when a mark spans exactly that already. True when it added a mark.
  // A zero-length range (an instant) is marked as a line; a reversed one is refused.
  bool toggle(TimeRange range);
  const std::vector<Mark>& all() const { return marks_; }
  bool empty() const { return marks_.empty(); }
  void clear() { marks_.clear(); }

 private:
  std::vector<Mark> marks_;
  std::size_t added_ = 0;  // picks the next colour, so neighbouring marks differ
};

// The colours marks take in turn: bright, and none of them a lane's colour.
Rgb markColor(std::size_t index);

}  // namespace feedscope::view
