// Zoom and pan limits of the timeline's visible window.
#include "view/viewport.h"

#include <algorithm>
#include <utility>

namespace feedscope::view {

double Viewport::maxNsPerPx() const {
  double len = std::max(content_.length(), 1.0);
  return std::max(kMinNsPerPx, len / (kMaxZoomOutShare * width_));
}

void Viewport::clampWindow(std::optional<double> previousStart) {
  ns_per_px_ = std::clamp(ns_per_px_, kMinNsPerPx, maxNsPerPx());
  const double visibleLen = ns_per_px_ * width_;
  // docs/gui.md convention 1: panning and zooming stop at the trace, with the margin a fit leaves on
  // each side, so that no key or wheel shows empty time before the trace starts or after it ends;
  // zoomed out further than a fit, the trace is centred. A window already beyond that (showRange of
  // evidence with context near an end) may stay where it is but goes no further.
  const double margin = kFitMargin * visibleLen;
  double lo = content_.start - margin;
  double hi = content_.end + margin - visibleLen;
  if (hi < lo) {
    start_ = (content_.start + content_.end) / 2 - visibleLen / 2;
    return;
  }
  if (previousStart) {
    lo = std::min(lo, *previousStart);
    hi = std::max(hi, *previousStart);
  }
  start_ = std::clamp(start_, lo, hi);
}

void Viewport::clampShownRange() {
  ns_per_px_ = std::clamp(ns_per_px_, kMinNsPerPx, maxNsPerPx());
  // A range asked for may reach past the trace by up to half the window (context around evidence).
  const double visibleLen = ns_per_px_ * width_;
  const double lo = content_.start - visibleLen / 2;
  const double hi = content_.end - visibleLen / 2;
  start_ = std::clamp(start_, lo, std::max(lo, hi));
}

void Viewport::setContent(TimeRange content) {
  if (content.end < content.start) std::swap(content.start, content.end);
  content_ = content;
  clampWindow(start_);
}

void Viewport::setWidth(double widthPx) {
  width_ = std::max(widthPx, 1.0);
  clampWindow(start_);
}

void Viewport::fit() {
  double len = std::max(content_.length(), 1.0);
  ns_per_px_ = len / ((1.0 - 2 * kFitMargin) * width_);
  start_ = content_.start - kFitMargin * ns_per_px_ * width_;
  clampWindow();
}

void Viewport::showRange(TimeRange range) {
  if (range.end < range.start) std::swap(range.start, range.end);
  ns_per_px_ = std::clamp(range.length() / width_, kMinNsPerPx, maxNsPerPx());
  // Centre the range when the zoom limit makes the window longer than it.
  start_ = (range.start + range.end) / 2 - ns_per_px_ * width_ / 2;
  clampShownRange();
}

void Viewport::zoomAt(double px, double factor) {
  if (factor <= 0) return;
  setNsPerPx(ns_per_px_ / factor, px);
}

void Viewport::setNsPerPx(double nsPerPx, double px) {
  const double previous = start_;
  double anchor = toTime(px);
  ns_per_px_ = std::clamp(nsPerPx, kMinNsPerPx, maxNsPerPx());
  start_ = anchor - px * ns_per_px_;
  clampWindow(previous);
}

void Viewport::panPx(double dx) {
  const double previous = start_;
  start_ += dx * ns_per_px_;
  clampWindow(previous);
}

void Viewport::select(TimeRange range) {
  if (range.end < range.start) std::swap(range.start, range.end);
  if (range.empty()) {
    selection_.reset();
  } else {
    selection_ = range;
  }
}

}  // namespace feedscope::view
