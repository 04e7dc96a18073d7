// Cutting runs to a range, and rendering a whole-height timeline image.
#include "ui/range_export.h"

#include <QPainter>
#include <algorithm>
#include <cmath>

#include "present/phrases.h"
#include "report/report.h"
#include "trace/session_merge.h"
#include "ui/timeline_painter.h"
#include "view/describe.h"
#include "view/draw_list.h"
#include "view/lane_layout.h"

namespace feedscope::ui {
namespace {

trace::Run cutRun(const trace::Run& run, trace::TimeNs t0, trace::TimeNs t1) {
  trace::Run out;
  static_cast<trace::RunDescription&>(out) = run;  // all but the events, which are cut below
  for (const trace::Track& track : run.tracks) {
    trace::Track cut;
    static_cast<trace::TrackDescription&>(cut) = track;
    const auto& c = track.intervals;
    // Sorted by start: everything that starts before t1; of those, what ends after t0.
    const std::size_t end = c.lowerBoundStart(t1);
    for (std::size_t i = 0; i < end; ++i) {
      if (c.end_ns[i] <= t0) continue;
      trace::Interval iv = c.at(i);
      iv.start_ns = std::max(iv.start_ns, t0);
      iv.end_ns = std::min(iv.end_ns, t1);
      if (iv.end_ns <= iv.start_ns) continue;
      iv.arguments = out.arguments.add(run.arguments.get(iv.arguments));  // only the texts still used
      cut.intervals.push_back(iv);
    }
    // Clipping moved early starts up to t0: still in start order, but stably sorted to be sure.
    if (!cut.intervals.isSortedByStart()) cut.intervals.sortByStart();
    if (!cut.intervals.empty()) out.tracks.push_back(std::move(cut));
  }
  return out;
}

}  // namespace

std::shared_ptr<Document> documentOfRange(const Document& doc, view::TimeRange range) {
  auto session = std::make_shared<trace::Session>();
  for (std::size_t i = 0; i < doc.runs.size(); ++i) {
    trace::TimeNs t0 = doc.timeline->toRunClock(i, range.start);
    trace::TimeNs t1 = doc.timeline->toRunClock(i, range.end);
    trace::appendRun(*session, cutRun(doc.run(i), t0, t1), doc.strings(i));
  }
  auto out = std::make_shared<Document>();
  for (std::size_t r = 0; r < session->runs.size(); ++r) {
    out->runs.push_back({0, r, doc.runs[r].file});
    out->analyses.push_back(analysis::analyzeRun(session->runs[r], session->strings));
  }
  out->sessions.push_back(session);
  out->files = doc.files;
  out->inputs = doc.inputs;
  out->input = doc.input;  // its report is of the same input, jobs included (ui/exporters.h reportOf)
  out->unread = doc.unread;
  std::vector<view::RunInput> inputs;
  for (std::size_t i = 0; i < out->runs.size(); ++i) inputs.push_back({&out->run(i), &out->strings(i), &out->analyses[i]});
  out->jobs = doc.jobs;  // the same runs: the same jobs compared the same way
  const std::vector<bool> abLanes(out->runs.size(), report::anythingCompared(out->jobs, out->runs.size()));
  out->timeline = std::make_unique<view::TimelineModel>(view::TimelineModel::build(inputs, nullptr, &abLanes));
  compareWith(*out, 0);
  return out;
}

QImage renderTimelineImage(const Document& doc, view::TimeRange range, int width, const std::vector<bool>& collapsed,
                           const QPalette& palette) {
  constexpr int kLabelWidth = 230;
  constexpr int kRulerHeight = 26;
  const view::TimelineModel& model = *doc.timeline;
  const view::LaneLayout layout =
      view::layoutLanes(model, collapsed.empty() ? view::defaultCollapsed(model) : collapsed);
  const int height = kRulerHeight + static_cast<int>(std::ceil(layout.height)) + 4;
  QImage image(width, height, QImage::Format_RGB32);
  view::Viewport viewport;
  viewport.setWidth(width - kLabelWidth);
  viewport.setContent(model.contentRange());
  viewport.showRange(range);
  const view::DrawList list = view::buildDrawList(model, layout, viewport, 0, layout.height);
  TimelineFrame frame;
  frame.model = &model;
  frame.layout = &layout;
  frame.list = &list;
  frame.viewport = &viewport;
  frame.label_width = kLabelWidth;
  frame.ruler_height = kRulerHeight;
  for (const auto& a : doc.analyses)
    frame.run_headlines.push_back(QString::fromStdString(" — " + present::runHeadline(a)));
  frame.alignment_note = QString::fromStdString(std::string(view::alignmentLabel(model.alignment())));
  QPainter painter(&image);
  paintTimeline(painter, image.size(), frame, TimelineTheme::fromPalette(palette));
  return image;
}

}  // namespace feedscope::ui
