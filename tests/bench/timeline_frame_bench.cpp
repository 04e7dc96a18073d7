// Frame time of the timeline on a synthetic 10 M-interval session, offscreen: building the draw list,
// and building plus painting one 1600x1000 frame, at full zoom-out and at 1 µs per pixel. The
// baseline paints every visible interval as its own rectangle (what one item per interval costs),
// measured in the same run. BM_FrameSearchFlows is BM_Frame with a search on (one kernel name of
// the eight matches: marks found per frame, the rest dimmed) and a selected launch's flow drawn;
// BM_SearchQuery is the search itself, once per query. FEEDSCOPE_BENCH_INTERVALS changes the size.
#include <benchmark/benchmark.h>

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <cstdlib>
#include <memory>
#include <optional>

#include "analysis/run_analysis.h"
#include "synthetic_session.h"
#include "ui/timeline_painter.h"
#include "view/draw_list.h"
#include "view/flows.h"
#include "view/search.h"
#include "view/lane_layout.h"
#include "view/timeline_model.h"

namespace {

using namespace feedscope;

constexpr int kFrameWidth = 1600;
constexpr int kFrameHeight = 1000;
constexpr int kLabelWidth = 230;
constexpr int kRulerHeight = 26;

struct Scene {
  trace::Session session;
  std::vector<analysis::RunAnalysis> analyses;
  std::unique_ptr<view::TimelineModel> model;
  view::LaneLayout layout;

  Scene() {
    const char* env = std::getenv("FEEDSCOPE_BENCH_INTERVALS");
    std::size_t n = env != nullptr ? std::strtoull(env, nullptr, 10) : 10'000'000;
    session = bench::makeSyntheticSession(n);
    analyses.push_back(analysis::analyzeRun(session.runs[0], session.strings));
    model = std::make_unique<view::TimelineModel>(
        view::TimelineModel::build({{&session.runs[0], &session.strings, &analyses[0]}}));
    layout = view::layoutLanes(*model, view::defaultCollapsed(*model));
  }
};

Scene& scene() {
  static Scene s;
  return s;
}

// 0: the whole run; 1: 1 µs per pixel in the middle of it.
view::Viewport viewportFor(int zoom) {
  view::Viewport v;
  v.setWidth(kFrameWidth - kLabelWidth);
  v.setContent(scene().model->contentRange());
  v.fit();
  if (zoom == 1) {
    view::TimeRange c = scene().model->contentRange();
    double mid = (c.start + c.end) / 2;
    v.showRange({mid, mid + 1000.0 * (kFrameWidth - kLabelWidth)});
  }
  return v;
}

const char* zoomName(int zoom) {
  return zoom == 0 ? "zoomed_out" : "1us_per_px";
}

void setCounters(benchmark::State& state, const view::DrawList& list) {
  state.counters["boxes"] = static_cast<double>(list.boxes.size());
  state.counters["fold_columns"] = static_cast<double>(list.columns.size());
  state.counters["intervals"] = static_cast<double>(scene().model->intervalCount());
}

void BM_DrawList(benchmark::State& state) {
  Scene& s = scene();
  view::Viewport v = viewportFor(static_cast<int>(state.range(0)));
  state.SetLabel(zoomName(static_cast<int>(state.range(0))));
  view::DrawList list;
  for (auto _ : state) {
    list = view::buildDrawList(*s.model, s.layout, v, 0, kFrameHeight - kRulerHeight);
    benchmark::DoNotOptimize(list.boxes.data());
  }
  setCounters(state, list);
}

void BM_Frame(benchmark::State& state) {
  Scene& s = scene();
  view::Viewport v = viewportFor(static_cast<int>(state.range(0)));
  state.SetLabel(zoomName(static_cast<int>(state.range(0))));
  QImage image(kFrameWidth, kFrameHeight, QImage::Format_ARGB32_Premultiplied);
  ui::TimelineTheme theme = ui::TimelineTheme::fromPalette(QApplication::palette());
  view::DrawList list;
  for (auto _ : state) {
    list = view::buildDrawList(*s.model, s.layout, v, 0, kFrameHeight - kRulerHeight);
    QPainter painter(&image);
    ui::TimelineFrame frame;
    frame.model = s.model.get();
    frame.layout = &s.layout;
    frame.list = &list;
    frame.viewport = &v;
    frame.label_width = kLabelWidth;
    frame.ruler_height = kRulerHeight;
    ui::paintTimeline(painter, image.size(), frame, theme);
    painter.end();
    benchmark::DoNotOptimize(image.constBits());
  }
  setCounters(state, list);
}

// The baseline: every interval that touches the view becomes its own rectangle, as with one graphics
// item per interval. Visible intervals are still found by binary search, so only painting differs.
void BM_NaiveFrame(benchmark::State& state) {
  Scene& s = scene();
  view::Viewport v = viewportFor(static_cast<int>(state.range(0)));
  state.SetLabel(zoomName(static_cast<int>(state.range(0))));
  QImage image(kFrameWidth, kFrameHeight, QImage::Format_ARGB32_Premultiplied);
  std::size_t drawn = 0;
  for (auto _ : state) {
    QPainter painter(&image);
    painter.fillRect(image.rect(), Qt::white);
    drawn = 0;
    for (const auto& slot : s.layout.row_slots) {
      const auto& lane = s.model->lanes()[slot.lane];
      const auto& row = lane.rows[slot.row];
      const trace::TimeNs origin = s.model->runs()[lane.run].origin;
      view::TimeRange vis = v.visible();
      for (std::size_t i = row.firstEndingAfter({origin, vis.start});
           i < row.size() && static_cast<double>(row.start(i) - origin) < vis.end; ++i, ++drawn) {
        double x0 = v.toPx(static_cast<double>(row.start(i) - origin));
        double x1 = v.toPx(static_cast<double>(row.end(i) - origin));
        painter.fillRect(QRectF(kLabelWidth + x0, kRulerHeight + slot.y, std::max(x1 - x0, 1.0), slot.height),
                         ui::toQColor(s.model->intervalColor(lane, row, i)));
      }
    }
    painter.end();
    benchmark::DoNotOptimize(image.constBits());
  }
  state.counters["painted"] = static_cast<double>(drawn);
}

// One kernel name of the synthetic session's eight: an eighth of the kernels match.
constexpr const char* kQuery = "synthetic_kernel_3<";

// A launch in the middle of the run and its kernel: the flow a selection would show.
std::optional<view::Flow> middleFlow() {
  Scene& s = scene();
  const auto& lanes = s.model->lanes();
  for (std::size_t l = 0; l < lanes.size(); ++l) {
    if (lanes[l].kind != view::LaneKind::ApiCalls || lanes[l].rows.empty()) continue;
    const view::Row& row = lanes[l].rows[0];
    return view::flowOf(*s.model, {l, 0, row.size() / 2});
  }
  return std::nullopt;
}

void BM_FrameSearchFlows(benchmark::State& state) {
  Scene& s = scene();
  const int zoom = static_cast<int>(state.range(0));
  view::Viewport v = viewportFor(zoom);
  state.SetLabel(zoomName(zoom));
  static const view::SearchResult search = view::SearchResult::find(*s.model, kQuery);
  static const std::optional<view::Flow> flow = middleFlow();
  if (zoom == 1 && flow) {
    // Show the flow's launch at 1 µs per pixel, as a jump along it would.
    view::TimeRange r = view::itemRange(*s.model, flow->launch);
    v.showRange({r.start - 500.0 * (kFrameWidth - kLabelWidth), r.start + 500.0 * (kFrameWidth - kLabelWidth)});
  }
  QImage image(kFrameWidth, kFrameHeight, QImage::Format_ARGB32_Premultiplied);
  ui::TimelineTheme theme = ui::TimelineTheme::fromPalette(QApplication::palette());
  view::DrawList list;
  view::SearchMarks marks;
  for (auto _ : state) {
    list = view::buildDrawList(*s.model, s.layout, v, 0, kFrameHeight - kRulerHeight);
    marks = view::markMatches(search, list, s.layout);
    QPainter painter(&image);
    ui::TimelineFrame frame;
    frame.model = s.model.get();
    frame.layout = &s.layout;
    frame.list = &list;
    frame.viewport = &v;
    frame.label_width = kLabelWidth;
    frame.ruler_height = kRulerHeight;
    frame.search = &marks;
    frame.flow = flow;
    ui::paintTimeline(painter, image.size(), frame, theme);
    painter.end();
    benchmark::DoNotOptimize(image.constBits());
  }
  setCounters(state, list);
  state.counters["matches"] = static_cast<double>(search.count());
  state.counters["marked_columns"] = static_cast<double>(marks.fold_columns.size());
  state.counters["flow"] = flow ? 1 : 0;
}

void BM_SearchQuery(benchmark::State& state) {
  Scene& s = scene();
  std::size_t count = 0;
  for (auto _ : state) {
    count = view::SearchResult::find(*s.model, kQuery).count();
    benchmark::DoNotOptimize(count);
  }
  state.counters["matches"] = static_cast<double>(count);
}

BENCHMARK(BM_DrawList)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Frame)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_FrameSearchFlows)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SearchQuery)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_NaiveFrame)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

int main(int argc, char** argv) {
  // Offscreen: the benchmark needs fonts and a palette, never a display.
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  scene();  // build the session outside the timed loops
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
