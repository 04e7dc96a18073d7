// Paints one frame of the timeline from a ready draw list: lane labels, run headers, boxes, fold
// columns as utilisation bars, selection, hover and the time ruler. Used by the widget, the image
// tests and the frame-time benchmark alike.
#pragma once

#include <QColor>
#include <QPalette>
#include <QSize>
#include <QString>
#include <optional>
#include <string>
#include <vector>

#include "ui/qt_color.h"
#include "view/draw_list.h"
#include "view/flows.h"
#include "view/hit_test.h"
#include "view/lane_layout.h"
#include "view/marks.h"
#include "view/search.h"
#include "view/timeline_model.h"
#include "view/viewport.h"

class QPainter;

namespace feedscope::ui {

struct TimelineTheme {
  QColor background;
  QColor alternate;  // every other lane
  QColor header;     // run header band
  QColor text;
  QColor dim_text;
  QColor grid;
  QColor selection;
  QColor highlight;
  bool dark = false;
  static TimelineTheme fromPalette(const QPalette& palette);
};

struct TimelineFrame {
  const view::TimelineModel* model = nullptr;
  const view::LaneLayout* layout = nullptr;
  const view::DrawList* list = nullptr;
  const view::Viewport* viewport = nullptr;
  double scroll_y = 0;  // content y at the top of the lanes area
  int label_width = 230;
  int ruler_height = 26;
  std::vector<QString> run_headlines;  // one per run, after its name
  // One per run: its header is marked (a job's straggler: a bar and a tint in the high-severity colour,
  // so that it is found among the ranks without reading every header).
  std::vector<bool> run_marked;
  // One per run: its name as run headers and lane titles show it (view/elide.h's rule); empty: whole.
  std::vector<std::string> run_names;
  QString alignment_note;              // "aligned at each run's first step"
  std::optional<view::Hit> hover;
  std::optional<view::Hit> selected;
  // A search is on: everything else is dimmed, these boxes and fold columns are marked.
  const view::SearchMarks* search = nullptr;
  // The selected interval's launch -> operation pair: both outlined, an arrow between them.
  std::optional<view::Flow> flow;
  // The flow of the interval under the mouse: the same, lighter.
  std::optional<view::Flow> hover_flow;
  // M's marks: a band in the mark's colour across every lane, and a flag on the ruler.
  const view::Marks* marks = nullptr;
};

// Search matches and flow arrows: one colour that no lane uses.
inline const QColor kMatchColor(255, 190, 0);
inline const QColor kFlowColor(225, 40, 160);

void paintTimeline(QPainter& painter, QSize size, const TimelineFrame& frame, const TimelineTheme& theme);

// The shade behind a folded column's mean, where anything ran: lighter than `color` on a light
// background, dimmer (towards the background) on a dark one.
QColor faintShade(view::Rgb color, const TimelineTheme& theme);

}  // namespace feedscope::ui
