// Draws a timeline strip (timeline_strip.h) as inline SVG: a step lane, one lane per kind of work
// whose height per pixel column is its busy fraction there (lighter: the column's maximum), and the
// starvation lane stacked by cause, over a time axis relative to the window start.
#pragma once

#include <string>
#include <string_view>

#include "report/timeline_strip.h"

namespace feedscope::report {

// `idPrefix` makes the ids of the strip's patterns unique within the page.
std::string svgTimelineStrip(const TimelineStrip& strip, std::string_view label, std::string_view idPrefix);

}  // namespace feedscope::report
