// Lane titles in the timeline's label column (docs/gui.md "Names that do not fit"): what gives way
// when a title is wider than the column, so that a lane never loses what tells it from its
// neighbours: its stream, thread or rank number and its kind ("stream 7 · H2D", not
// "GPU 0 stream …2D · 79% hidden"). Qt-free: the caller measures text in its font.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace feedscope::view {

// How wide a text is drawn, in the caller's units (pixels).
using TextWidth = std::function<double(std::string_view)>;

// The title `marker + pinnedRun + title` fitted to `room`. `pinnedRun` is the run a pinned lane is of
// (written "pinned · RUN · " before the title; empty for a lane in its run). In this order, until it
// fits: a figure after the kind goes ("· 79% hidden": Details and the tooltip keep it), "GPU N "
// before a stream or thread goes, the pinned run's name is cut in the middle and then left out
// ("pinned · …"), the words before the lane's number go ("stream 7 · kernels"), and last the kind
// is cut at its end. The number ("stream 7") is never cut.
std::string fitLaneTitle(std::string_view marker, std::string_view pinnedRun, std::string_view title, double room,
                         const TextWidth& width);

}  // namespace feedscope::view
