// What a folded process's band shows (docs/gui.md convention 4): per pixel column of the view, the
// share of the column's time in which any of the process's host lanes was busy, so that a collapsed
// process still reads as activity rather than a blank bar.
#pragma once

#include <cstdint>
#include <vector>

#include "view/timeline_model.h"
#include "view/viewport.h"

namespace feedscope::view {

// One value per pixel column of `viewport` (0..1): the largest busy share over the outermost rows of
// the host lanes of process `pid` of run `run`.
std::vector<float> processActivity(const TimelineModel& model, std::size_t run, std::int64_t pid,
                                   const Viewport& viewport);

}  // namespace feedscope::view
