// SVG writing.
#include "report/svg_canvas.h"

#include <fmt/format.h>

#include <cmath>

#include "report/html_text.h"

namespace feedscope::report {

std::string svgNumber(double v) {
  if (!std::isfinite(v)) return "0";
  double rounded = std::round(v * 10) / 10;
  if (rounded == 0) return "0";  // no "-0"
  if (rounded == std::round(rounded)) return fmt::format("{:.0f}", rounded);
  return fmt::format("{:.1f}", rounded);
}

SvgCanvas::SvgCanvas(double width, double height, std::string_view label)
    : width_(width), height_(height), label_(htmlEscaped(label)) {}

void SvgCanvas::defs(std::string_view markup) {
  defs_.append(markup);
}

namespace {

std::string tooltipElement(std::string_view tooltip) {
  return tooltip.empty() ? std::string() : "<title>" + htmlEscaped(tooltip) + "</title>";
}

}  // namespace

void SvgCanvas::rect(double x, double y, double w, double h, std::string_view fill,
                     std::string_view tooltip) {
  if (w <= 0 || h <= 0) return;
  std::string title = tooltipElement(tooltip);
  body_ += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"", svgNumber(x),
                       svgNumber(y), svgNumber(w), svgNumber(h), htmlEscaped(fill));
  body_ += title.empty() ? "/>" : ">" + title + "</rect>";
}

void SvgCanvas::line(double x1, double y1, double x2, double y2, std::string_view stroke, double strokeWidth,
                     bool dashed) {
  body_ += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\"{}/>",
                       svgNumber(x1), svgNumber(y1), svgNumber(x2), svgNumber(y2), htmlEscaped(stroke),
                       svgNumber(strokeWidth), dashed ? " stroke-dasharray=\"3 3\"" : "");
}

void SvgCanvas::circle(double cx, double cy, double r, std::string_view fill, std::string_view tooltip) {
  std::string title = tooltipElement(tooltip);
  body_ += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"", svgNumber(cx), svgNumber(cy),
                       svgNumber(r), htmlEscaped(fill));
  body_ += title.empty() ? "/>" : ">" + title + "</circle>";
}

void SvgCanvas::polyline(const std::vector<std::pair<double, double>>& points, std::string_view stroke,
                         double strokeWidth) {
  if (points.size() < 2) return;
  std::string coords;
  for (const auto& [x, y] : points) coords += svgNumber(x) + "," + svgNumber(y) + " ";
  coords.pop_back();
  body_ += fmt::format("<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>", coords,
                       htmlEscaped(stroke), svgNumber(strokeWidth));
}

void SvgCanvas::path(std::string_view d, std::string_view fill) {
  if (d.empty()) return;
  body_ += fmt::format("<path d=\"{}\" fill=\"{}\"/>", htmlEscaped(d), htmlEscaped(fill));
}

void SvgCanvas::text(double x, double y, std::string_view text, TextAnchor anchor, double size, bool bold) {
  const char* anchorName = anchor == TextAnchor::Start    ? "start"
                           : anchor == TextAnchor::Middle ? "middle"
                                                          : "end";
  body_ += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"{}\" font-size=\"{}\"{}>{}</text>",
                       svgNumber(x), svgNumber(y), anchorName, svgNumber(size),
                       bold ? " font-weight=\"bold\"" : "", htmlEscaped(text));
}

void SvgCanvas::verticalText(double x, double y, std::string_view text, double size) {
  body_ += fmt::format(
      "<text x=\"{0}\" y=\"{1}\" text-anchor=\"middle\" font-size=\"{2}\" transform=\"rotate(-90 {0} "
      "{1})\">{3}</text>",
      svgNumber(x), svgNumber(y), svgNumber(size), htmlEscaped(text));
}

std::string SvgCanvas::finish() const {
  std::string out = fmt::format(
      "<svg viewBox=\"0 0 {} {}\" width=\"100%\" role=\"img\" aria-label=\"{}\" "
      "preserveAspectRatio=\"xMinYMin meet\">",
      svgNumber(width_), svgNumber(height_), label_);
  if (!defs_.empty()) out += "<defs>" + defs_ + "</defs>";
  out += body_;
  out += "</svg>";
  return out;
}

std::vector<double> niceTicks(double lo, double hi, int approxCount) {
  std::vector<double> ticks;
  if (!std::isfinite(lo) || !std::isfinite(hi) || approxCount < 1) return ticks;
  if (hi <= lo) return {lo};
  double rough = (hi - lo) / approxCount;
  double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
  double step = magnitude;
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    step = m * magnitude;
    if (step >= rough) break;
  }
  double first = std::ceil(lo / step - 1e-9) * step;
  for (double v = first; v <= hi + step * 1e-9; v += step)
    ticks.push_back(std::fabs(v) < step * 1e-9 ? 0.0 : v);
  return ticks;
}

std::vector<double> logTicks(double lo, double hi) {
  std::vector<double> ticks;
  if (lo <= 0 || hi < lo) return ticks;
  for (double p = std::pow(10.0, std::ceil(std::log10(lo) - 1e-9)); p <= hi * (1 + 1e-9); p *= 10)
    ticks.push_back(p);
  return ticks;
}

}  // namespace feedscope::report
