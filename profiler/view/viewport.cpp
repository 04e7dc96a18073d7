// Zoom and pan limits of the timeline's visible window.
#include "view/viewport.h"

#include <algorithm>
#include <utility>

namespace feedscope::view {

double Viewport::maxNsPerPx() const {
  double len = std::max(content_.length(), 1.0);
  return std::max(kMinNsPerPx, len / (kMaxZoomOutShare * width_));
}

void Viewport::clampWindow() {
  ns_per_px_ = std::clamp(ns_per_px_, kMinNsPerPx, maxNsPerPx());
  double visibleLen = ns_per_px_ * width_;
  // Keep some content on screen: the window may not leave it by more than half its own length.
  double lo = content_.start - visibleLen / 2;
  double hi = content_.end - visibleLen / 2;
  start_ = std::clamp(start_, lo, std::max(lo, hi));
}

void Viewport::setContent(TimeRange content) {
  if (content.end < content.start) std::swap(content.start, content.end);
  content_ = content;
  clampWindow();
}

void Viewport::setWidth(double widthPx) {
  width_ = std::max(widthPx, 1.0);
  clampWindow();
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
  clampWindow();
}

void Viewport::zoomAt(double px, double factor) {
  if (factor <= 0) return;
  setNsPerPx(ns_per_px_ / factor, px);
}

void Viewport::setNsPerPx(double nsPerPx, double px) {
  double anchor = toTime(px);
  ns_per_px_ = std::clamp(nsPerPx, kMinNsPerPx, maxNsPerPx());
  start_ = anchor - px * ns_per_px_;
  clampWindow();
}

void Viewport::panPx(double dx) {
  start_ += dx * ns_per_px_;
  clampWindow();
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
