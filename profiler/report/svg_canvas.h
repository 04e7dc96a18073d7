// A small writer of inline SVG for the HTML report: shapes, escaped text and tooltips, and the
// tick positions of chart axes. No script, no external reference: the SVG is drawn by the browser
// from the page alone, and prints.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace feedscope::report {

enum class TextAnchor { Start, Middle, End };

class SvgCanvas {
 public:
  // `label` is read by screen readers (role="img"); the SVG scales to the width of its container.
  SvgCanvas(double width, double height, std::string_view label);

  double width() const { return width_; }
  double height() const { return height_; }

  // Raw markup for <defs> (patterns); the caller escapes what it puts there.
  void defs(std::string_view markup);
  void rect(double x, double y, double w, double h, std::string_view fill, std::string_view tooltip = {});
  void line(double x1, double y1, double x2, double y2, std::string_view stroke, double strokeWidth = 1,
            bool dashed = false);
  void circle(double cx, double cy, double r, std::string_view fill, std::string_view tooltip = {});
  void polyline(const std::vector<std::pair<double, double>>& points, std::string_view stroke,
                double strokeWidth);
  // A filled path given in SVG path syntax (built by the caller from numbers only).
  void path(std::string_view d, std::string_view fill);
  void text(double x, double y, std::string_view text, TextAnchor anchor = TextAnchor::Start,
            double size = 11, bool bold = false);
  // Text read bottom to top, centred on (x, y): the label of a vertical axis.
  void verticalText(double x, double y, std::string_view text, double size = 10);
  std::string finish() const;

 private:
  double width_;
  double height_;
  std::string body_;
  std::string defs_;
  std::string label_;
};

// A number for SVG coordinates: one decimal at most, no trailing ".0".
std::string svgNumber(double v);

// About `approxCount` round tick values covering [lo, hi] (1, 2 or 5 times a power of ten).
std::vector<double> niceTicks(double lo, double hi, int approxCount);
// Tick values of a log10 axis: the powers of ten in [lo, hi] (lo > 0).
std::vector<double> logTicks(double lo, double hi);

}  // namespace feedscope::report
