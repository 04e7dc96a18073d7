// Timeline painting. Everything here reads the draw list; nothing walks intervals.
#include "ui/timeline_painter.h"

#include <QFontMetrics>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

#include "present/causes.h"
#include "present/palette.h"
#include "trace/units.h"
#include "ui/run_name_elision.h"
#include "view/elide.h"
#include "view/lane_title.h"
#include "view/item_ref.h"
#include "view/process_activity.h"
#include "view/ruler.h"

namespace feedscope::ui {

TimelineTheme TimelineTheme::fromPalette(const QPalette& palette) {
  TimelineTheme t;
  t.background = palette.color(QPalette::Base);
  t.dark = t.background.lightness() < 128;
  t.alternate = t.dark ? t.background.lighter(118) : t.background.darker(104);
  t.header = t.dark ? t.background.lighter(150) : t.background.darker(112);
  t.text = palette.color(QPalette::Text);
  t.dim_text = palette.color(QPalette::PlaceholderText);
  t.grid = t.dark ? QColor(255, 255, 255, 40) : QColor(0, 0, 0, 35);
  t.selection = palette.color(QPalette::Highlight);
  t.selection.setAlpha(60);
  t.highlight = t.dark ? QColor(255, 255, 255) : QColor(0, 0, 0);
  return t;
}

QColor faintShade(view::Rgb color, const TimelineTheme& theme) {
  // Towards the background, not towards white: on a dark background a colour mixed with white is
  // brighter than the colour itself, and the band that only says "something ran here" would outshine
  // the bar that says how busy it was.
  if (!theme.dark) return toQColor(present::peakShade(color));
  const QColor c = toQColor(color), bg = theme.background;
  auto mix = [](int from, int to) { return static_cast<int>(std::lround(from + (to - from) * 0.6)); };
  return QColor(mix(c.red(), bg.red()), mix(c.green(), bg.green()), mix(c.blue(), bg.blue()));
}

namespace {

// Only boxes this wide get a name written inside: text is the costliest thing on screen.
constexpr double kMinLabelledBoxPx = 36;
// From this width on a box gives up its last pixel column as a separator.
constexpr double kSeparatedBoxPx = 4;

struct Mapping {
  const TimelineFrame& frame;
  double lanesTop() const { return frame.ruler_height; }
  double toY(double contentY) const { return frame.ruler_height + contentY - frame.scroll_y; }
  double toX(double viewX) const { return frame.label_width + viewX; }
};

void paintLaneBackgrounds(QPainter& p, QSize size, const TimelineFrame& f, const TimelineTheme& theme,
                          const Mapping& m) {
  const auto& layout = *f.layout;
  for (std::size_t k = 0; k < layout.lanes.size(); ++k) {
    const auto& lp = layout.lanes[k];
    double y = m.toY(lp.y);
    if (y > size.height() || y + lp.height < m.lanesTop()) continue;
    if (k % 2 == 1) p.fillRect(QRectF(0, y, size.width(), lp.height), theme.alternate);
  }
  for (const auto& rp : layout.runs) {
    double y = m.toY(rp.y);
    if (y > size.height() || y + rp.height < m.lanesTop()) continue;
    p.fillRect(QRectF(0, y, size.width(), rp.height), theme.header);
  }
}

// How busy each pixel column of a lane is (view::SlotCoverage: the union of what the strip shows), in
// the strip's colour from the bottom, with a lighter band behind it to the top wherever anything ran:
// zoomed out a busy stream reads busy, whatever its boxes and folds are (docs/gui.md, convention 5).
void paintCoverage(QPainter& p, const TimelineFrame& f, const TimelineTheme& theme, const Mapping& m) {
  const auto& list = *f.list;
  const auto& layout = *f.layout;
  const auto& model = *f.model;
  for (const auto& coverage : list.coverage) {
    const auto& slot = layout.row_slots[coverage.slot];
    const view::Rgb base = model.lanes()[slot.lane].base_color;
    const QColor strong = toQColor(base);
    const QColor light = faintShade(base, theme);
    const double bottom = m.toY(slot.y + slot.height) - 1;
    const double h = slot.height - 2;
    for (std::size_t x = 0; x < coverage.share.size(); ++x) {
      const float share = coverage.share[x];
      if (share <= 0) continue;
      if (share < 1) p.fillRect(QRectF(m.toX(static_cast<double>(x)), bottom - h, 1, h), light);
      const double busyH = std::max(1.0, std::round(share * h));
      p.fillRect(QRectF(m.toX(static_cast<double>(x)), bottom - busyH, 1, busyH), strong);
    }
  }
}

// Folds: the stacked starvation lane's causes sit on each other (their means stacked); elsewhere the
// coverage is painted already and a fold adds only what covers no time, an instant, as one pixel.
void paintFolds(QPainter& p, const TimelineFrame& f, const Mapping& m) {
  const auto& list = *f.list;
  const auto& layout = *f.layout;
  for (const auto& fold : list.folds) {
    const auto& slot = layout.row_slots[fold.slot];
    double bottom = m.toY(slot.y + slot.height) - 1;
    double h = slot.height - 2;
    QColor strong = toQColor(fold.color);
    const bool stacked = f.model->lanes()[slot.lane].stacked;
    for (int x = fold.x0; x < fold.x1; ++x) {
      const view::FoldColumn& c = list.column(fold, x);
      if (stacked && c.mean > 0) {
        double meanH = std::max(1.0, std::round(c.mean * h));
        p.fillRect(QRectF(m.toX(x), bottom - c.base * h - meanH, 1, meanH), strong);
      } else if (c.mean <= 0 && c.count > 0) {
        p.fillRect(QRectF(m.toX(x), bottom - 1, 1, 1), strong);
      }
    }
  }
}

// Run names inside lane titles ("idle vs NAME per step") in the lane-name column.
constexpr std::size_t kLaneTitleNameChars = 16;

std::vector<std::string> runNamesOf(const view::TimelineModel& model) {
  std::vector<std::string> names;
  for (const auto& r : model.runs()) names.push_back(r.name);
  return names;
}

// A box's name inside it, elided, in black or white by the box's lightness.
void drawBoxLabel(QPainter& p, const QFontMetrics& metrics, const QRectF& textRect, const QColor& color,
                  const QString& name) {
  QString text = metrics.elidedText(name, Qt::ElideRight, static_cast<int>(textRect.width()));
  if (text.isEmpty()) return;
  p.setPen(color.lightness() > 150 ? QColor(20, 20, 20) : QColor(250, 250, 250));
  // On a baseline that leaves room for what hangs below it inside the box: a row is shorter than the
  // font's ascent and descent, and centred text lost the underscores of "__next__" ("  next"). The
  // width is already the box's, by the elision.
  const QRect hanging = metrics.tightBoundingRect(QStringLiteral("_gjpqy"));  // below the baseline
  const double baseline = std::min(textRect.bottom() - (hanging.y() + hanging.height()),
                                   textRect.center().y() + (metrics.ascent() - metrics.descent()) / 2.0);
  p.drawText(QPointF(textRect.left(), baseline), text);
}

void paintBoxes(QPainter& p, const TimelineFrame& f, const TimelineTheme& theme, const Mapping& m) {
  const auto& list = *f.list;
  const auto& layout = *f.layout;
  const auto& model = *f.model;
  QFontMetrics metrics(p.font());
  QBrush hatch(QColor(255, 255, 255, 150), Qt::BDiagPattern);
  std::vector<bool> collapsed(model.lanes().size(), false);
  for (const auto& lp : layout.lanes) collapsed[lp.lane] = lp.collapsed;
  struct Label {
    QRectF rect;
    QColor color;
    QString name;
  };
  // A collapsed lane's rows lie on top of each other: a nested range cuts through the name of the
  // range around it, and its own name would be written over that one. There only the outermost row is
  // named, after every box of the frame is filled.
  std::vector<Label> outerLabels;
  for (const auto& box : list.boxes) {
    const auto& slot = layout.row_slots[box.slot];
    // Boxes of a few pixels and more begin with a darker line, so that adjacent intervals of one colour
    // (steps, back-to-back kernels) stay told apart when fitted, without a gap that would make a busy
    // lane read idle.
    const double w = box.x1 - box.x0;
    QRectF r(m.toX(box.x0), m.toY(slot.y) + 1, std::max(w, 1.0), slot.height - 2);
    QColor color = toQColor(box.color);
    const auto& boxLane = model.lanes()[slot.lane];
    if (boxLane.kind == view::LaneKind::IdleDifference) {
      // docs/gui.md, "A/B is built in": a bar from the lane's middle line, up for more idle than the
      // baseline and down for less, as tall as its share of the lane's largest difference, labelled
      // with the signed difference beside it.
      const auto bar = view::TimelineModel::idleBar(boxLane, boxLane.rows[slot.row], box.item);
      const double half = (slot.height - 2) / 2;
      const double h = std::max(1.0, std::fabs(bar.share) * half);
      const double mid = r.top() + half;
      p.fillRect(QRectF(r.left(), bar.share > 0 ? mid - h : mid, r.width(), h), color);
      p.fillRect(QRectF(r.left(), mid, r.width(), 1), theme.grid);
      if (box.x1 - box.x0 < kMinLabelledBoxPx) continue;
      const QRectF halfRect = bar.share > 0 ? QRectF(r.left(), mid, r.width(), half) : QRectF(r.left(), r.top(), r.width(), half);
      const QRectF textRect = halfRect.intersected(QRectF(m.toX(0), r.top(), f.viewport->width(), r.height())).adjusted(3, 0, -2, 0);
      const QString text = metrics.elidedText(QString::fromStdString(bar.label), Qt::ElideRight, static_cast<int>(textRect.width()));
      p.setPen(theme.text);
      p.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft, text);
      continue;
    }
    p.fillRect(r, color);
    if (w >= kSeparatedBoxPx) p.fillRect(QRectF(r.left(), r.top(), 1, r.height()), color.darker(135));
    if (box.style & view::box_style::kHatched) p.fillRect(r, hatch);
    if (box.x1 - box.x0 < kMinLabelledBoxPx) continue;
    const bool stacked = collapsed[slot.lane];
    if (stacked && slot.row > 0) continue;
    const auto& lane = model.lanes()[slot.lane];
    QString name = QString::fromStdString(model.intervalName(lane, lane.rows[slot.row], box.item));
    // Keep the label on screen when the box starts left of the view.
    QRectF textRect =
        r.intersected(QRectF(m.toX(0), r.top(), f.viewport->width(), r.height())).adjusted(3, 0, -2, 0);
    if (stacked) {
      outerLabels.push_back({textRect, color, name});
      continue;
    }
    drawBoxLabel(p, metrics, textRect, color, name);
  }
  for (const Label& label : outerLabels) drawBoxLabel(p, metrics, label.rect, label.color, label.name);
  (void)theme;
}

QRectF hitRect(const TimelineFrame& f, const view::Hit& hit, const Mapping& m) {
  const auto& slot = f.layout->row_slots[hit.slot];
  if (hit.kind == view::Hit::Kind::Fold) return {m.toX(hit.column), m.toY(slot.y), 1, slot.height};
  const auto& lane = f.model->lanes()[hit.lane];
  const auto& row = lane.rows[hit.row];
  const trace::TimeNs origin = f.model->runs()[lane.run].origin;
  double x0 = f.viewport->toPx(static_cast<double>(row.start(hit.item) - origin));
  double x1 = f.viewport->toPx(static_cast<double>(row.end(hit.item) - origin));
  x0 = std::max(x0, -2.0);
  x1 = std::min(x1, f.viewport->width() + 2);
  return {m.toX(x0), m.toY(slot.y), std::max(x1 - x0, 1.0), slot.height};
}

// Search: the lanes are dimmed under a veil of the background, then the matches are painted again
// above it in their own colours with an amber outline, and folded columns holding a match get an
// amber bar the height of their row.
void paintSearchMatches(QPainter& p, QSize size, const TimelineFrame& f, const TimelineTheme& theme,
                        const Mapping& m) {
  const auto& marks = *f.search;
  QColor veil = theme.background;
  veil.setAlpha(175);
  p.fillRect(QRectF(m.toX(0), m.lanesTop(), size.width() - m.toX(0), size.height() - m.lanesTop()), veil);
  const auto& list = *f.list;
  const auto& layout = *f.layout;
  QBrush hatch(QColor(255, 255, 255, 150), Qt::BDiagPattern);
  p.setPen(QPen(kMatchColor, 2));
  for (std::size_t b = 0; b < list.boxes.size() && b < marks.box_matches.size(); ++b) {
    if (marks.box_matches[b] == 0) continue;
    const auto& box = list.boxes[b];
    const auto& slot = layout.row_slots[box.slot];
    QRectF r(m.toX(box.x0), m.toY(slot.y) + 1, std::max(box.x1 - box.x0, 1.0), slot.height - 2);
    p.fillRect(r, toQColor(box.color));
    if (box.style & view::box_style::kHatched) p.fillRect(r, hatch);
    p.drawRect(r.adjusted(1, 1, -1, -1));
  }
  for (const auto& column : marks.fold_columns) {
    const auto& slot = layout.row_slots[column.slot];
    p.fillRect(QRectF(m.toX(column.x), m.toY(slot.y), 1, slot.height), kMatchColor);
  }
}

QRectF itemRect(const TimelineFrame& f, const view::ItemRef& item, const Mapping& m) {
  auto slot = view::slotOf(*f.layout, item.lane, item.row);
  if (!slot) return {};
  const auto& s = f.layout->row_slots[*slot];
  view::TimeRange r = view::itemRange(*f.model, item);
  double x0 = std::max(f.viewport->toPx(r.start), -50.0);
  double x1 = std::min(f.viewport->toPx(r.end), f.viewport->width() + 50);
  return {m.toX(x0), m.toY(s.y), std::max(x1 - x0, 1.0), s.height};
}

// Flow: both ends outlined, and a curve from the start of the launching call down (or up) to the start
// of the operation with an arrowhead there, as Nsight Systems draws it.
void paintFlow(QPainter& p, const TimelineFrame& f, const Mapping& m, const view::Flow& flow, bool light) {
  QRectF from = itemRect(f, flow.launch, m);
  QRectF to = itemRect(f, flow.operation, m);
  if (from.isNull() || to.isNull()) return;
  QColor color = kFlowColor;
  if (light) color.setAlpha(120);
  p.setBrush(Qt::NoBrush);
  p.setPen(QPen(color, light ? 1.5 : 2));
  p.drawRect(from.adjusted(-1, -1, 1, 1));
  p.drawRect(to.adjusted(-1, -1, 1, 1));
  const bool down = to.center().y() > from.center().y();
  QPointF a(from.left(), down ? from.bottom() : from.top());
  QPointF b(to.left(), down ? to.top() : to.bottom());
  QPainterPath path(a);
  const double bend = std::max(20.0, std::abs(b.y() - a.y()) / 2);
  path.cubicTo(a + QPointF(0, down ? bend : -bend), b - QPointF(0, down ? bend : -bend), b);
  p.save();
  p.setRenderHint(QPainter::Antialiasing);
  p.drawPath(path);
  const double dir = down ? -1 : 1;  // the head points along the curve's last (vertical) direction
  QPolygonF head;
  head << b << b + QPointF(-5, dir * 9) << b + QPointF(5, dir * 9);
  p.setBrush(color);
  p.drawPolygon(head);
  p.restore();
}

void paintSelection(QPainter& p, QSize size, const TimelineFrame& f, const TimelineTheme& theme,
                    const Mapping& m) {
  if (!f.viewport->selection()) return;
  const auto& sel = *f.viewport->selection();
  double x0 = m.toX(std::max(f.viewport->toPx(sel.start), -1.0));
  double x1 = m.toX(std::min(f.viewport->toPx(sel.end), f.viewport->width() + 1));
  if (x1 <= x0) return;
  QRectF r(x0, m.lanesTop(), x1 - x0, size.height() - m.lanesTop());
  p.fillRect(r, theme.selection);
  QColor edge = theme.selection;
  edge.setAlpha(220);
  p.setPen(QPen(edge, 1));
  p.drawLine(QPointF(x0, m.lanesTop()), QPointF(x0, size.height()));
  p.drawLine(QPointF(x1, m.lanesTop()), QPointF(x1, size.height()));
}

// Marks are translucent bands over the lanes with solid edges (an instant is a line), and a solid
// strip on the ruler's foot, so that they read at any zoom and under the boxes' colours.
void paintMarks(QPainter& p, QSize size, const TimelineFrame& f, const Mapping& m) {
  if (f.marks == nullptr) return;
  for (const view::Mark& mark : f.marks->all()) {
    double x0 = m.toX(std::max(f.viewport->toPx(mark.range.start), -2.0));
    double x1 = m.toX(std::min(f.viewport->toPx(mark.range.end), f.viewport->width() + 2));
    if (x1 < x0) continue;
    QColor color = toQColor(mark.color);
    QColor band = color;
    band.setAlpha(55);
    p.fillRect(QRectF(x0, m.lanesTop(), std::max(x1 - x0, 1.0), size.height() - m.lanesTop()), band);
    p.setPen(QPen(color, 1.5));
    p.drawLine(QPointF(x0, m.lanesTop()), QPointF(x0, size.height()));
    if (x1 > x0) p.drawLine(QPointF(x1, m.lanesTop()), QPointF(x1, size.height()));
  }
}

void paintMarkFlags(QPainter& p, const TimelineFrame& f, const Mapping& m) {
  if (f.marks == nullptr) return;
  for (const view::Mark& mark : f.marks->all()) {
    double x0 = m.toX(std::max(f.viewport->toPx(mark.range.start), -2.0));
    double x1 = m.toX(std::min(f.viewport->toPx(mark.range.end), f.viewport->width() + 2));
    if (x1 < x0) continue;
    p.fillRect(QRectF(x0 - 1, f.ruler_height - 5, std::max(x1 - x0, 0.0) + 2, 5), toQColor(mark.color));
  }
}

// The selection's length in a tag: on the ruler band above it (as Perfetto shows it) and at the top of
// the canvas, so it reads while dragging without looking away from the lanes.
void paintSelectionSpan(QPainter& p, const TimelineFrame& f, const TimelineTheme& theme, const Mapping& m,
                        double tagY) {
  if (!f.viewport->selection()) return;
  const auto& sel = *f.viewport->selection();
  double x0 = m.toX(std::max(f.viewport->toPx(sel.start), 0.0));
  double x1 = m.toX(std::min(f.viewport->toPx(sel.end), f.viewport->width()));
  if (x1 <= x0) return;
  QString text = QString::fromStdString(trace::formatDuration(static_cast<trace::TimeNs>(std::llround(sel.length()))));
  QFontMetrics metrics(p.font());
  double w = metrics.horizontalAdvance(text) + 10;
  double h = metrics.height() + 2;
  double centre = (x0 + x1) / 2;
  QRectF tag(centre - w / 2, tagY, w, h);
  QColor edge = theme.selection;
  edge.setAlpha(255);
  p.setPen(QPen(edge, 1));
  p.drawLine(QPointF(x0, tagY + h / 2), QPointF(x1, tagY + h / 2));
  p.fillRect(tag, edge);
  p.setPen(edge.lightness() > 150 ? QColor(20, 20, 20) : QColor(250, 250, 250));
  p.drawText(tag, Qt::AlignCenter, text);
}

// A faint line down through the lanes at each labelled tick helps read times off boxes.
void paintGrid(QPainter& p, QSize size, const view::Ruler& ruler, const TimelineTheme& theme,
               const Mapping& m) {
  p.setPen(theme.grid);
  for (const auto& tick : ruler.ticks)
    p.drawLine(QPointF(m.toX(tick.x), m.lanesTop()), QPointF(m.toX(tick.x), size.height()));
}

void paintRuler(QPainter& p, QSize size, const TimelineFrame& f, const view::Ruler& ruler,
                const TimelineTheme& theme, const Mapping& m) {
  p.fillRect(QRectF(0, 0, size.width(), f.ruler_height), theme.header);
  p.setPen(theme.grid);
  for (double x : ruler.minor_x)
    p.drawLine(QPointF(m.toX(x), f.ruler_height - 5), QPointF(m.toX(x), f.ruler_height));
  for (const auto& tick : ruler.ticks) {
    p.setPen(theme.grid);
    p.drawLine(QPointF(m.toX(tick.x), f.ruler_height - 10), QPointF(m.toX(tick.x), f.ruler_height));
    p.setPen(theme.text);
    p.drawText(QPointF(m.toX(tick.x) + 3, f.ruler_height - 9), QString::fromStdString(tick.label));
  }
  p.setPen(theme.grid);
  p.drawLine(QPointF(0, f.ruler_height - 0.5), QPointF(size.width(), f.ruler_height - 0.5));
}

// The corner left of the ruler says how runs are aligned, or where relative tick labels count from.
void paintRulerCorner(QPainter& p, const TimelineFrame& f, const view::Ruler& ruler,
                      const TimelineTheme& theme) {
  p.fillRect(QRectF(0, 0, f.label_width, f.ruler_height), theme.header);
  p.setPen(theme.dim_text);
  QString corner = ruler.base_label.empty()
                       ? f.alignment_note
                       : QStringLiteral("from %1").arg(QString::fromStdString(ruler.base_label));
  QFontMetrics metrics(p.font());
  p.drawText(QRectF(6, 0, f.label_width - 10, f.ruler_height), Qt::AlignVCenter | Qt::AlignLeft,
             metrics.elidedText(corner, Qt::ElideRight, f.label_width - 10));
}

// Under the starvation lane's name: which shade is which cause, one entry per shade, wrapped to the
// lane-name column.
void paintCauseLegend(QPainter& p, QRectF area, const TimelineTheme& theme) {
  QFont small = p.font();
  small.setPointSizeF(std::max(6.0, small.pointSizeF() * 0.8));
  const QFont saved = p.font();
  p.setFont(small);
  QFontMetrics metrics(small);
  const double lineHeight = metrics.height();
  double x = area.left();
  double y = area.top();
  for (const analysis::GapCause cause : present::kCausesInOrder) {
    const std::string_view causeWord = present::causeWord(cause);
    QString word = QString::fromUtf8(causeWord.data(), static_cast<qsizetype>(causeWord.size()));
    double w = 9 + metrics.horizontalAdvance(word) + 8;
    if (x > area.left() && x + w - 8 > area.right()) {
      x = area.left();
      y += lineHeight;
    }
    if (y + lineHeight > area.bottom() + 1) break;
    p.fillRect(QRectF(x, y + (lineHeight - 7) / 2, 7, 7), toQColor(present::causeColor(cause)));
    p.setPen(theme.dim_text);
    p.drawText(QRectF(x + 9, y, w, lineHeight), Qt::AlignVCenter | Qt::AlignLeft, word);
    x += w;
  }
  p.setFont(saved);
}

void paintLabels(QPainter& p, QSize size, const TimelineFrame& f, const TimelineTheme& theme,
                 const Mapping& m) {
  const auto& layout = *f.layout;
  const auto& model = *f.model;
  QFontMetrics metrics(p.font());
  const std::vector<std::string> full = runNamesOf(model);
  const std::vector<std::string>& shown = f.run_names.size() == full.size() ? f.run_names : full;
  const std::vector<std::string> inTitles = view::distinctNames(full, kLaneTitleNameChars);
  for (std::size_t k = 0; k < layout.lanes.size(); ++k) {
    const auto& lp = layout.lanes[k];
    double y = m.toY(lp.y);
    if (y > size.height() || y + lp.height < m.lanesTop()) continue;
    p.fillRect(QRectF(0, y, f.label_width, lp.height), k % 2 == 1 ? theme.alternate : theme.background);
    const auto& lane = model.lanes()[lp.lane];
    QString marker = lane.rows.size() > 1 && !lane.stacked
                         ? (lp.collapsed ? QStringLiteral("▸ ") : QStringLiteral("▾ "))
                         : QStringLiteral("  ");
    // A pinned lane sits away from its run: its title says which run it is of. What gives way when the
    // title is too wide, and what never does (the stream number, the kind): view/lane_title.h.
    const std::string title = view::fitLaneTitle(
        marker.toStdString(), lp.pinned ? shown[lane.run] : std::string(),
        withShortRunNames(QString::fromStdString(lane.title), full, inTitles).toStdString(), f.label_width - 10,
        [&metrics](std::string_view text) {
          return metrics.horizontalAdvance(QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())));
        });
    p.setPen(lane.kind == view::LaneKind::Starvation ? theme.text : theme.dim_text);
    double titleHeight = std::min(lp.height, lane.kind == view::LaneKind::Starvation ? 15.0 : 18.0);
    p.drawText(QRectF(6, y, f.label_width - 10, titleHeight), Qt::AlignVCenter | Qt::AlignLeft,
               QString::fromStdString(title));
    if (lane.kind == view::LaneKind::Starvation)
      paintCauseLegend(p, QRectF(16, y + 14, f.label_width - 20, lp.height - 15), theme);
  }
  // Folded processes: one band each, saying what it holds; a click opens it.
  for (const auto& band : layout.processes) {
    double y = m.toY(band.y);
    if (y > size.height() || y + band.height < m.lanesTop()) continue;
    p.fillRect(QRectF(0, y, size.width(), band.height), theme.alternate);
    // What the process did, a bar per pixel column as tall as its busy share, under its name.
    const std::vector<float> busy = view::processActivity(model, band.run, band.pid, *f.viewport);
    const QColor activity = toQColor(view::palette::kHostRange);
    for (std::size_t x = 0; x < busy.size(); ++x) {
      if (busy[x] <= 0) continue;
      const double h = std::max(1.0, busy[x] * (band.height - 2));
      p.fillRect(QRectF(f.label_width + static_cast<double>(x), y + band.height - 1 - h, 1, h), activity);
    }
    p.setPen(theme.text);
    p.drawText(QRectF(6, y, f.label_width - 10, band.height), Qt::AlignVCenter | Qt::AlignLeft,
               QFontMetrics(p.font()).elidedText(
                   QStringLiteral("▸ process %1 · %2 lanes").arg(band.pid).arg(band.lane_count), Qt::ElideRight,
                   f.label_width - 10));
  }
  const QFont normal = p.font();
  QFont bold = normal;
  bold.setBold(true);
  for (const auto& rp : layout.runs) {
    double y = m.toY(rp.y);
    if (y > size.height() || y + rp.height < m.lanesTop()) continue;
    const auto& run = model.runs()[rp.run];
    p.fillRect(QRectF(0, y, size.width(), rp.height), theme.header);  // under the grid lines
    if (rp.run < f.run_marked.size() && f.run_marked[rp.run]) {
      const QColor mark = toQColor(present::severityColor(analysis::Severity::High,
                                                          theme.dark ? present::Theme::Dark : present::Theme::Light));
      QColor tint = mark;
      tint.setAlpha(48);
      p.fillRect(QRectF(0, y, size.width(), rp.height), tint);
      p.fillRect(QRectF(0, y, 4, rp.height), mark);
    }
    p.setFont(bold);
    QFontMetrics boldMetrics(bold);
    const std::string& runName = rp.run < f.run_names.size() ? f.run_names[rp.run] : run.name;
    QString name = (rp.collapsed ? QStringLiteral("▸ ") : QStringLiteral("▾ ")) + QString::fromStdString(runName);
    int nameWidth = boldMetrics.horizontalAdvance(name);
    p.setPen(theme.text);
    p.drawText(QRectF(6, y, size.width() - 12, rp.height), Qt::AlignVCenter | Qt::AlignLeft, name);
    p.setFont(normal);
    if (rp.run < f.run_headlines.size()) {
      p.drawText(QRectF(18 + nameWidth, y, size.width() - 30 - nameWidth, rp.height),
                 Qt::AlignVCenter | Qt::AlignLeft,
                 metrics.elidedText(f.run_headlines[rp.run], Qt::ElideRight, size.width() - 30 - nameWidth));
    }
  }
  p.setPen(theme.grid);
  p.drawLine(QPointF(f.label_width - 0.5, m.lanesTop()), QPointF(f.label_width - 0.5, size.height()));
}

}  // namespace

void paintTimeline(QPainter& p, QSize size, const TimelineFrame& f, const TimelineTheme& theme) {
  Mapping m{f};
  p.fillRect(QRect(QPoint(0, 0), size), theme.background);
  if (f.model == nullptr || f.layout == nullptr || f.list == nullptr || f.viewport == nullptr) return;
  p.save();
  p.setClipRect(QRectF(0, m.lanesTop(), size.width(), size.height() - m.lanesTop()));
  paintLaneBackgrounds(p, size, f, theme, m);
  p.setClipRect(
      QRectF(f.label_width, m.lanesTop(), size.width() - f.label_width, size.height() - m.lanesTop()));
  view::Ruler ruler = view::buildRuler(*f.viewport);
  paintGrid(p, size, ruler, theme, m);
  paintCoverage(p, f, theme, m);
  paintFolds(p, f, m);
  paintBoxes(p, f, theme, m);
  if (f.search != nullptr) paintSearchMatches(p, size, f, theme, m);
  paintMarks(p, size, f, m);
  paintSelection(p, size, f, theme, m);
  p.setPen(QPen(theme.highlight, 1.5));
  p.setBrush(Qt::NoBrush);
  if (f.selected) p.drawRect(hitRect(f, *f.selected, m).adjusted(-1, -1, 1, 1));
  if (f.hover) p.drawRect(hitRect(f, *f.hover, m));
  if (f.hover_flow) paintFlow(p, f, m, *f.hover_flow, true);
  if (f.flow) paintFlow(p, f, m, *f.flow, false);
  p.setClipRect(QRectF(0, m.lanesTop(), size.width(), size.height() - m.lanesTop()));
  paintLabels(p, size, f, theme, m);
  p.restore();
  p.setClipRect(QRectF(f.label_width, m.lanesTop(), size.width() - f.label_width, size.height() - m.lanesTop()));
  paintSelectionSpan(p, f, theme, m, m.lanesTop() + 2);
  p.setClipRect(QRectF(f.label_width, 0, size.width() - f.label_width, f.ruler_height));
  paintRuler(p, size, f, ruler, theme, m);
  paintMarkFlags(p, f, m);
  paintSelectionSpan(p, f, theme, m, 1);
  p.setClipping(false);
  paintRulerCorner(p, f, ruler, theme);
}

}  // namespace feedscope::ui
