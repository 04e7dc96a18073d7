// The one zoom object of a timeline: the content's time range, the visible window (its start and the
// nanoseconds one pixel spans) and the selection, with the limits every zoom and pan obeys.
#pragma once

#include <optional>

namespace feedscope::view {

// A time range in display time: nanoseconds relative to the alignment origin. Double, because zooming
// in goes below a nanosecond per pixel and display times stay small enough to be exact.
struct TimeRange {
  double start = 0;
  double end = 0;
  double length() const { return end - start; }
  bool empty() const { return end <= start; }
  friend bool operator==(const TimeRange&, const TimeRange&) = default;
};

class Viewport {
 public:
  // Closest zoom: one nanosecond is 20 pixels wide; a trace holds nothing shorter.
  static constexpr double kMinNsPerPx = 0.05;
  // Fit leaves this share of the width empty on each side, so the first and last intervals show.
  static constexpr double kFitMargin = 0.02;
  // Zooming out stops when the content fills this share of the width.
  static constexpr double kMaxZoomOutShare = 0.5;

  // Sets what can be shown; the visible window is kept where it is as far as the new limits allow.
  void setContent(TimeRange content);
  void setWidth(double widthPx);
  const TimeRange& content() const { return content_; }
  double width() const { return width_; }
  double startNs() const { return start_; }
  double nsPerPx() const { return ns_per_px_; }
  TimeRange visible() const { return {start_, start_ + ns_per_px_ * width_}; }

  double toPx(double t) const { return (t - start_) / ns_per_px_; }
  double toTime(double px) const { return start_ + px * ns_per_px_; }

  // Shows the whole content.
  void fit();
  // Shows `range` across the whole width (within the zoom limits).
  void showRange(TimeRange range);
  // factor > 1 zooms in, < 1 out; the time under `px` stays under it.
  void zoomAt(double px, double factor);
  // Moves the window by `dx` pixels: positive brings later times into view.
  void panPx(double dx);
  // Sets the zoom directly, keeping the time under `px` still.
  void setNsPerPx(double nsPerPx, double px = 0);

  const std::optional<TimeRange>& selection() const { return selection_; }
  // An empty or reversed range is normalised; a zero-length one clears the selection.
  void select(TimeRange range);
  void clearSelection() { selection_.reset(); }

 private:
  double maxNsPerPx() const;
  // Keeps the window on the trace (docs/gui.md convention 1); `previousStart` is where it was before
  // this change, which it may stay at but not go beyond.
  void clampWindow(std::optional<double> previousStart = std::nullopt);
  void clampShownRange();

  TimeRange content_{0, 1};
  double width_ = 1;
  double start_ = 0;
  double ns_per_px_ = 1;
  std::optional<TimeRange> selection_;
};

}  // namespace feedscope::view
