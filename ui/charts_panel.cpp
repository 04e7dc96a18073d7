// Compare charts.
#include "ui/charts_panel.h"

#include <QBarCategoryAxis>
#include <QBarLegendMarker>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QEvent>
#include <QFontMetrics>
#include <QGridLayout>
#include <QHelpEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QResizeEvent>
#include <QScatterSeries>
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedBarSeries>
#include <QStyle>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

#include "present/causes.h"
#include "present/palette.h"
#include "trace/units.h"
#include "ui/run_name_elision.h"
#include "ui/timeline_painter.h"
#include "view/chart_data.h"
#include "view/elide.h"

namespace feedscope::ui {
namespace {

// Qt Charts' own themes bring their fonts (10 pt Arial) and, in the dark one, a navy background that
// clashes with the window: the charts take the window's palette and font instead.
struct ChartStyle {
  QColor background;
  QColor text;
  QColor axis;
  QColor grid;
  QFont font;
  QFont title_font;
};

// `amount` of the way from `from` to `to`, opaque.
QColor mix(const QColor& from, const QColor& to, double amount) {
  return QColor::fromRgbF(static_cast<float>(from.redF() + (to.redF() - from.redF()) * amount),
                          static_cast<float>(from.greenF() + (to.greenF() - from.greenF()) * amount),
                          static_cast<float>(from.blueF() + (to.blueF() - from.blueF()) * amount));
}

ChartStyle styleOf(const QWidget& widget) {
  ChartStyle s;
  const QPalette& palette = widget.palette();
  s.background = palette.color(QPalette::Base);
  s.text = palette.color(QPalette::Text);
  // Opaque mixes, not translucent text: antialiased lines half a pixel off share their alpha between
  // two rows and all but vanish, and crossings of translucent lines show as dots.
  s.axis = mix(s.background, s.text, 0.55);
  s.grid = mix(s.background, s.text, s.background.lightness() < 128 ? 0.22 : 0.16);
  s.font = widget.font();
  s.title_font = s.font;
  s.title_font.setBold(true);
  return s;
}

void applyStyle(QChartView* view, const ChartStyle& s) {
  QChart* chart = view->chart();
  view->setBackgroundBrush(s.background);
  chart->setBackgroundBrush(s.background);
  chart->setBackgroundRoundness(0);
  chart->setDropShadowEnabled(false);
  chart->setPlotAreaBackgroundVisible(false);
  chart->setTitleFont(s.title_font);
  chart->setTitleBrush(s.text);
  chart->legend()->setFont(s.font);
  chart->legend()->setLabelColor(s.text);
  for (QAbstractAxis* axis : chart->axes()) {
    axis->setLabelsFont(s.font);
    axis->setLabelsColor(s.text);
    axis->setTitleFont(s.font);
    axis->setTitleBrush(s.text);
    axis->setLinePenColor(s.axis);
    axis->setGridLineColor(s.grid);
    axis->setMinorGridLineColor(s.grid);
    axis->setShadesVisible(false);
  }
}

QChartView* makeView(const QString& objectName, QWidget* parent) {
  auto* view = new QChartView(new QChart(), parent);
  view->setObjectName(objectName);
  view->setRenderHint(QPainter::Antialiasing);
  view->setMinimumSize(ChartsPanel::kChartMinWidth, ChartsPanel::kChartMinHeight);
  // Room on the right for half of a label centred on the last tick.
  view->chart()->setMargins(QMargins(4, 4, 16, 4));
  return view;
}

void resetChart(QChart* chart, const QString& title) {
  chart->removeAllSeries();
  for (QAbstractAxis* axis : chart->axes()) {
    chart->removeAxis(axis);
    delete axis;
  }
  chart->setTitle(title);
  chart->legend()->setAlignment(Qt::AlignBottom);
}

QValueAxis* valueAxis(const QString& title, double max) {
  auto* axis = new QValueAxis;
  axis->setTitleText(title);
  axis->setRange(0, max > 0 ? max * 1.08 : 1);
  axis->applyNiceNumbers();
  return axis;
}

QString runName(const Document& doc, std::size_t run) {
  return QString::fromStdString(doc.analyses[run].run_name);
}

// Sets a legend's or an axis's text only when it changed: a new text lays the chart out again, which
// asks for another relabel.
void setNameIfChanged(QAbstractSeries* series, const QString& name) {
  if (series->name() != name) series->setName(name);
}

// Hovering a bar or a point names it exactly: the axes only give the neighbourhood.
void showTip(bool show, const QString& text) {
  if (show) {
    QToolTip::showText(QCursor::pos(), text);
  } else {
    QToolTip::hideText();
  }
}

// The title of a chart whose per-run legend is hidden (more than kMaxLegendRuns runs).
QString withRunsHint(const QString& title, std::size_t runs) {
  return QObject::tr("%1 · %2 runs: hover for names").arg(title).arg(runs);
}

// Hovering a legend entry names it in full: legends show run names cut in the middle.
void addLegendTooltips(QChart* chart) {
  for (QLegendMarker* marker : chart->legend()->markers()) {
    QString full;
    if (auto* bar = qobject_cast<QBarLegendMarker*>(marker)) {
      full = bar->barset()->property("fullName").toString();
    } else if (marker->series() != nullptr) {
      full = marker->series()->property("fullName").toString();
    }
    if (full.isEmpty()) continue;
    QObject::connect(marker, &QLegendMarker::hovered, marker, [full](bool on) { showTip(on, full); });
  }
}

}  // namespace

ChartsPanel::ChartsPanel(QWidget* parent)
    : QWidget(parent), scroll_(new QScrollArea(this)), grid_(nullptr) {
  setObjectName("chartsPanel");
  auto* host = new QWidget;
  host->setObjectName("chartsGrid");
  step_time_ = makeView("stepTimeChart", host);
  breakdown_ = makeView("breakdownChart", host);
  bandwidth_ = makeView("bandwidthChart", host);
  gaps_ = makeView("gapChart", host);
  grid_ = new QGridLayout(host);
  grid_->setContentsMargins(0, 0, 0, 0);
  scroll_->setObjectName("chartsScroll");
  scroll_->setWidget(host);
  scroll_->setWidgetResizable(true);
  scroll_->setFrameShape(QFrame::NoFrame);
  // Sideways only in a window narrower than one chart: the grid drops to one chart per row before a
  // chart would go below its minimum.
  scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(scroll_);
  for (QChartView* v : chartViews()) {
    // Names are cut to the room the chart has once Qt Charts has laid it out; queued, because a new
    // name lays the chart out again.
    connect(v->chart(), &QChart::plotAreaChanged, this, &ChartsPanel::relabel, Qt::QueuedConnection);
  }
  breakdown_->viewport()->installEventFilter(this);
  arrangeGrid();
  rebuild();
}

QList<QChartView*> ChartsPanel::chartViews() const {
  return {step_time_, breakdown_, bandwidth_, gaps_};
}

namespace {

// What a legend entry needs besides its text: the marker and the gaps around it.
int legendMarkerRoom(const QFontMetrics& metrics) {
  return metrics.height() + 3 * metrics.averageCharWidth();
}

// The widest text each of a row of entries may keep (each also needs `perEntry` pixels) so that the
// row fits `room`: texts narrower than the cap keep their width, the others are cut to it.
int textCapForRow(QList<int> widths, int room, int perEntry) {
  std::sort(widths.begin(), widths.end());
  int available = room - perEntry * static_cast<int>(widths.size());
  for (qsizetype i = 0; i < widths.size(); ++i) {
    const int remaining = static_cast<int>(widths.size() - i);
    if (widths[i] * remaining > available) return std::max(0, available / remaining);
    available -= widths[i];
  }
  // All fit whole. Not the widest width itself: elidedText() measures a little differently from
  // horizontalAdvance() and would cut the widest name by a pixel.
  return room;
}

}  // namespace

int ChartsPanel::chartMinWidth() const {
  const QFontMetrics metrics(font());
  const int runs = doc_ ? std::min(static_cast<int>(doc_->analyses.size()), kMaxLegendRuns) : 0;
  return std::max(kChartMinWidth, runs * (12 * metrics.averageCharWidth() + legendMarkerRoom(metrics)) + 40);
}

QSize ChartsPanel::minimumSizeHint() const {
  const int scrollBar = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
  return {chartMinWidth() + scrollBar, kChartMinHeight};
}

void ChartsPanel::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  arrangeGrid();
}

void ChartsPanel::arrangeGrid() {
  const int scrollBar = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
  // The scroll bar's room is always kept, so that its appearing never changes the column count.
  const int available = width() - scrollBar;
  const int minWidth = chartMinWidth();
  for (QChartView* v : chartViews()) v->setMinimumWidth(minWidth);
  const int columns = available >= 2 * minWidth + grid_->horizontalSpacing() ? 2 : 1;
  if (columns == columns_) return;
  columns_ = columns;
  const QList<QChartView*> views = chartViews();
  for (QChartView* v : views) grid_->removeWidget(v);
  for (int i = 0; i < views.size(); ++i) grid_->addWidget(views[i], i / columns, i % columns);
  for (int r = 0; r < 4; ++r) grid_->setRowStretch(r, r < (views.size() + columns - 1) / columns ? 1 : 0);
  for (int c = 0; c < 2; ++c) grid_->setColumnStretch(c, c < columns ? 1 : 0);
}

bool ChartsPanel::eventFilter(QObject* watched, QEvent* event) {
  if (watched == breakdown_->viewport() && event->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(event);
    const QString name = runNameAt(breakdown_, help->pos());
    if (!name.isEmpty()) {
      QToolTip::showText(help->globalPos(), name, breakdown_);
      return true;
    }
  }
  return QWidget::eventFilter(watched, event);
}

QString ChartsPanel::runNameAt(QChartView* view, QPoint pos) const {
  if (view != breakdown_ || breakdown_names_.isEmpty()) return {};
  const QPointF at = view->chart()->mapFromScene(view->mapToScene(pos));
  const QRectF plot = view->chart()->plotArea();
  // The labels' band: under the plot, as tall as two lines of text.
  const double band = 2.5 * QFontMetricsF(font()).height();
  if (at.y() < plot.bottom() || at.y() > plot.bottom() + band || at.x() < plot.left() || at.x() >= plot.right())
    return {};
  const auto index =
      static_cast<int>((at.x() - plot.left()) / plot.width() * static_cast<double>(breakdown_names_.size()));
  return breakdown_names_.value(index);
}

QChart* ChartsPanel::stepTimeChart() const {
  buildIfStale();
  return step_time_->chart();
}
QChart* ChartsPanel::breakdownChart() const {
  buildIfStale();
  return breakdown_->chart();
}
QChart* ChartsPanel::bandwidthChart() const {
  buildIfStale();
  return bandwidth_->chart();
}
QChart* ChartsPanel::gapChart() const {
  buildIfStale();
  return gaps_->chart();
}

void ChartsPanel::buildIfStale() const {
  if (!stale_) return;
  stale_ = false;
  const_cast<ChartsPanel*>(this)->rebuild();  // what is shown catches up with doc_: no state of its own changes
}

void ChartsPanel::setDocument(std::shared_ptr<const Document> doc) {
  doc_ = std::move(doc);
  stale_ = true;
  if (isVisible()) buildIfStale();
  // More runs may need wider charts, and fewer of them to a row.
  arrangeGrid();
  updateGeometry();
}

void ChartsPanel::showEvent(QShowEvent* event) {
  buildIfStale();
  QWidget::showEvent(event);
}

void ChartsPanel::changeEvent(QEvent* event) {
  // Colours and fonts follow the window's: a theme switch rebuilds the charts in the new palette
  // (now when they are seen, else when they are next shown).
  if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
    stale_ = true;
    if (isVisible()) buildIfStale();
  }
  QWidget::changeEvent(event);
}

void ChartsPanel::rebuild() {
  QChart* steps = step_time_->chart();
  QChart* breakdown = breakdown_->chart();
  QChart* bandwidth = bandwidth_->chart();
  QChart* gaps = gaps_->chart();
  resetChart(steps, tr("Step time per step"));
  resetChart(breakdown, tr("Where a step's time goes"));
  resetChart(bandwidth, tr("H2D bandwidth against copy size"));
  resetChart(gaps, tr("Idle time of compute by gap length"));
  const ChartStyle style = styleOf(*this);
  breakdown_names_.clear();
  if (doc_) {
    buildStepTimes(steps);
    buildBreakdown(breakdown, style.background);
    buildBandwidth(bandwidth, style.background);
    buildGaps(gaps);
    for (QChart* chart : {steps, breakdown, bandwidth, gaps}) addLegendTooltips(chart);
    if (static_cast<int>(doc_->analyses.size()) > kMaxLegendRuns) {
      // The breakdown's legend names its parts, not runs: it stays.
      for (QChart* chart : {steps, bandwidth, gaps}) {
        if (chart->series().isEmpty()) continue;
        chart->legend()->setVisible(false);
        chart->setTitle(withRunsHint(chart->title(), doc_->analyses.size()));
      }
    }
  }
  for (QChartView* v : {step_time_, breakdown_, bandwidth_, gaps_}) applyStyle(v, style);
  relabel();
}

void ChartsPanel::relabel() {
  if (stale_) return;  // not built yet: the build relabels
  if (!doc_) return;
  const QFontMetrics metrics(font());
  const int markerRoom = legendMarkerRoom(metrics);
  // A legend at the bottom lays its entries out in one row: at their own widths where they fit, else
  // each in an equal share of the row, its text cut at the end ("h200_…" three times). So names are
  // cut in the middle just enough that the row fits: the longest first, short ones stay whole.
  auto legendCap = [&](QChart* chart, const QStringList& texts) {
    QList<int> widths;
    for (const QString& t : texts) widths << metrics.horizontalAdvance(t);
    return textCapForRow(widths, static_cast<int>(chart->size().width()) - 24, markerRoom);
  };
  auto relabelRuns = [&](QChart* chart) {
    const QList<QAbstractSeries*> series = chart->series();
    QStringList full;
    for (QAbstractSeries* s : series) full << s->property("fullName").toString();
    const QStringList cut = elideRunNames(full, metrics, legendCap(chart, full));
    for (qsizetype i = 0; i < series.size(); ++i) setNameIfChanged(series[i], cut[i]);
  };
  relabelRuns(stepTimeChart());

  // The bandwidth chart's entries are a run and a host memory kind each. Where the row is too short
  // for both, the kind words go into the title as a key to the marker shapes and the entries keep the
  // run names, cut only if they must.
  if (!bandwidthChart()->series().isEmpty()) {
    QChart* chart = bandwidthChart();
    const QList<QAbstractSeries*> series = chart->series();
    QStringList runs, full, kinds;
    int widestKind = 0;
    for (QAbstractSeries* s : series) {
      runs << s->property("runName").toString();
      full << s->property("fullName").toString();
      if (!kinds.contains(s->property("shapeKey").toString())) kinds << s->property("shapeKey").toString();
      widestKind = std::max(widestKind, metrics.horizontalAdvance(" · " + s->property("kind").toString()));
    }
    // A legend on the right has a line per entry, about a third of the chart wide.
    const bool right = chart->legend()->alignment() == Qt::AlignRight;
    const int chartWidth = static_cast<int>(chart->size().width());
    int cap = right ? chartWidth * 3 / 10 - markerRoom : legendCap(chart, full);
    const bool withKinds = cap - widestKind >= 10 * metrics.averageCharWidth();
    if (!withKinds) cap = right ? chartWidth * 3 / 10 - markerRoom : legendCap(chart, runs);
    QString title = withKinds ? tr("H2D bandwidth against copy size")
                              : tr("H2D bandwidth against copy size (%1)").arg(kinds.join(", "));
    if (!chart->legend()->isVisible()) title = withRunsHint(title, doc_->analyses.size());
    if (chart->title() != title) chart->setTitle(title);
    // A run with pageable and pinned copies has two entries of one name: cut the name once.
    QStringList unique = runs;
    unique.removeDuplicates();
    const QStringList cutUnique = elideRunNames(unique, metrics, withKinds ? cap - widestKind : cap);
    for (qsizetype i = 0; i < series.size(); ++i) {
      const QString name = cutUnique[unique.indexOf(runs[i])];
      setNameIfChanged(series[i], withKinds ? name + " · " + series[i]->property("kind").toString() : name);
    }
  }

  if (auto* bars = gapChart()->series().isEmpty() ? nullptr : qobject_cast<QBarSeries*>(gapChart()->series().front())) {
    QStringList full;
    for (QBarSet* set : bars->barSets()) full << set->property("fullName").toString();
    const QStringList cut = elideRunNames(full, metrics, legendCap(gapChart(), full));
    for (qsizetype i = 0; i < full.size(); ++i) {
      if (bars->barSets()[i]->label() != cut[i]) bars->barSets()[i]->setLabel(cut[i]);
    }
  }

  // Every bar of the breakdown keeps its label: Qt Charts hides a label that would overlap its
  // neighbour, so each is cut to its bar's share of the plot.
  QList<QAbstractAxis*> axes = breakdownChart()->axes(Qt::Horizontal);
  if (auto* x = axes.isEmpty() ? nullptr : qobject_cast<QBarCategoryAxis*>(axes.front())) {
    const double plot = breakdownChart()->plotArea().width();
    const int share = static_cast<int>(plot / static_cast<double>(std::max<qsizetype>(1, breakdown_names_.size()))) -
                      2 * metrics.averageCharWidth();
    const QStringList cut = elideRunNames(breakdown_names_, metrics, share);
    if (x->categories() != cut) {
      x->clear();
      x->append(cut);
    }
  }
}

void ChartsPanel::buildStepTimes(QChart* steps) {
  double maxMs = 0, maxStep = 1, minStep = std::numeric_limits<double>::max();
  QString namePrefix;
  for (std::size_t r = 0; r < doc_->analyses.size(); ++r) {
    const auto& a = doc_->analyses[r];
    const auto* d = a.primary();
    if (d == nullptr || d->steps.empty()) continue;
    auto* series = new QLineSeries;
    series->setName(runName(*doc_, r));
    series->setProperty("fullName", runName(*doc_, r));
    series->setPen(QPen(toQColor(present::runColor(r)), 2));
    series->setPointsVisible(d->steps.size() <= 200);
    for (const auto& p : view::stepTimesMs(*d)) {
      series->append(p.x, p.y);
      maxMs = std::max(maxMs, p.y);
      maxStep = std::max(maxStep, p.x);
      minStep = std::min(minStep, p.x);
    }
    // Hovering a point names the step as the timeline does; a click shows it there.
    const QString runName = QString::fromStdString(a.run_name);
    connect(series, &QLineSeries::hovered, this, [this, r, runName](const QPointF& point, bool state) {
      const auto* step = view::stepByNumber(*doc_->analyses[r].primary(), std::llround(point.x()));
      if (step == nullptr) return showTip(false, {});
      showTip(state, tr("%1 · %2: %3 ms (click: show it on the timeline)")
                         .arg(runName, QString::fromStdString(step->step.name))
                         .arg(static_cast<double>(step->metrics.window_ns) / 1e6, 0, 'f', 2));
    });
    connect(series, &QLineSeries::clicked, this,
            [this, r](const QPointF& point) { emit stepRequested(r, std::llround(point.x())); });
    if (namePrefix.isEmpty() && !d->steps.empty()) {
      // "ProfilerStep#6" -> "ProfilerStep#": the axis says how the numbers are named.
      QString name = QString::fromStdString(d->steps.front().step.name);
      namePrefix = name.left(name.size() - QString::number(d->steps.front().step.number).size());
    }
    steps->addSeries(series);
  }
  if (steps->series().isEmpty()) {
    steps->setTitle(tr("Step time per step (no steps in these runs)"));
    return;
  }
  auto* x = new QValueAxis;
  x->setTitleText(namePrefix.isEmpty() || namePrefix == QStringLiteral("step ") ? tr("step")
                                                                                : tr("step (%1N)").arg(namePrefix));
  // Whole step numbers at whole-number ticks, however few steps: a tick per 1, 2, 5, 10... steps,
  // anchored on a multiple of it (one step would otherwise read "10, 10, 10, 10, 11").
  const double first = std::min(minStep, maxStep);
  const double last = std::max(maxStep, first);
  const double interval = view::wholeTickInterval(last - first, 8);
  x->setRange(first - (last == first ? 1 : 0), last + (last == first ? 1 : 0));
  x->setTickType(QValueAxis::TicksDynamic);
  x->setTickInterval(interval);
  x->setTickAnchor(std::floor(first / interval) * interval);
  x->setLabelFormat("%d");
  auto* y = valueAxis(tr("ms"), maxMs);
  steps->addAxis(x, Qt::AlignBottom);
  steps->addAxis(y, Qt::AlignLeft);
  for (auto* s : steps->series()) {
    s->attachAxis(x);
    s->attachAxis(y);
  }
}

void ChartsPanel::buildBreakdown(QChart* breakdown, const QColor& background) {
  auto* series = new QStackedBarSeries;
  struct Part {
    QString name;
    present::Rgb color;
    double view::TimeBreakdown::*value;
  };
  const Part parts[] = {
      {tr("compute"), present::palette::kKernel, &view::TimeBreakdown::compute_ms},
      {tr("copy wait"), present::causeGroupColor(present::CauseGroup::CopyWait),
       &view::TimeBreakdown::exposed_copy_ms},
      {tr("host wait"), present::causeGroupColor(present::CauseGroup::HostWait),
       &view::TimeBreakdown::host_wait_ms},
      {tr("other"), present::causeGroupColor(present::CauseGroup::Other), &view::TimeBreakdown::other_ms}};
  std::vector<view::TimeBreakdown> bars;
  double maxTotal = 0;
  QString basis;
  for (const auto& a : doc_->analyses) {
    bars.push_back(view::timeBreakdown(a));
    maxTotal = std::max(maxTotal, bars.back().totalMs());
    basis = QString::fromStdString(bars.back().basis);
  }
  for (const auto& part : parts) {
    auto* set = new QBarSet(part.name);
    set->setColor(toQColor(part.color));
    set->setBorderColor(background);
    for (const auto& b : bars) *set << b.*(part.value);
    series->append(set);
  }
  connect(series, &QStackedBarSeries::hovered, this, [this, basis](bool status, int index, QBarSet* set) {
    if (!doc_ || index < 0 || static_cast<std::size_t>(index) >= doc_->analyses.size()) return;
    showTip(status, tr("%1 · %2: %3 ms per %4")
                        .arg(QString::fromStdString(doc_->analyses[static_cast<std::size_t>(index)].run_name),
                             set->label(), QString::number(set->at(index), 'f', 2), basis));
  });
  breakdown->addSeries(series);
  auto* x = new QBarCategoryAxis;
  for (std::size_t r = 0; r < doc_->analyses.size(); ++r) breakdown_names_ << runName(*doc_, r);
  x->append(breakdown_names_);
  // relabel() cuts the names to each bar's share of the plot. Qt Charts' own cutting allows a label a
  // quarter of the plot with two categories (the width over the categories plus two), which cuts
  // "h200_stream" under a bar that has room for it.
  x->setTruncateLabels(false);
  auto* y = valueAxis(tr("ms per %1").arg(basis), maxTotal);
  breakdown->addAxis(x, Qt::AlignBottom);
  breakdown->addAxis(y, Qt::AlignLeft);
  series->attachAxis(x);
  series->attachAxis(y);
}

void ChartsPanel::buildBandwidth(QChart* bandwidth, const QColor& background) {
  // x is log2 of the bytes on a linear axis, so the axis can be labelled in KiB and MiB at powers of
  // two; y stays a log axis in GB/s, where "%g" already reads well.
  double minX = 1e300, maxX = -1e300, minY = 1e300, maxY = 0;
  for (std::size_t r = 0; r < doc_->analyses.size(); ++r) {
    const auto& a = doc_->analyses[r];
    const auto* d = a.primary();
    if (d == nullptr) continue;
    view::BandwidthSeries bw = view::h2dBandwidth(*d);
    // Colour says which run (as in the other charts), shape which host memory.
    auto add = [&](const std::vector<view::XY>& points, const QString& kind, const QString& shapeKey,
                   QScatterSeries::MarkerShape shape) {
      if (points.empty()) return;
      auto* s = new QScatterSeries;
      QString name = QString::fromStdString(a.run_name) + " · " + kind;
      s->setName(name);
      s->setProperty("fullName", name);
      s->setProperty("runName", runName(*doc_, r));
      s->setProperty("kind", kind);
      s->setProperty("shapeKey", shapeKey);
      s->setMarkerShape(shape);
      s->setMarkerSize(shape == QScatterSeries::MarkerShapeCircle ? 9 : 8);
      s->setColor(toQColor(present::runColor(r)));
      s->setBorderColor(background);
      for (const auto& p : points) {
        double log2Bytes = std::log2(p.x);
        s->append(log2Bytes, p.y);
        minX = std::min(minX, log2Bytes);
        maxX = std::max(maxX, log2Bytes);
        minY = std::min(minY, p.y);
        maxY = std::max(maxY, p.y);
      }
      connect(s, &QScatterSeries::hovered, this, [name](const QPointF& point, bool state) {
        auto bytes = static_cast<std::uint64_t>(std::llround(std::exp2(point.x())));
        showTip(state, tr("%1 copy: %2 at %3")
                           .arg(name, QString::fromStdString(trace::formatBytes(bytes)),
                                QString::fromStdString(trace::formatGbps(point.y()))));
      });
      bandwidth->addSeries(s);
    };
    add(bw.pageable, tr("pageable"), tr("■ pageable"), QScatterSeries::MarkerShapeRectangle);
    add(bw.pinned, tr("pinned"), tr("● pinned"), QScatterSeries::MarkerShapeCircle);
    add(bw.other, tr("host (kind unknown)"), tr("◆ host kind unknown"), QScatterSeries::MarkerShapeRotatedRectangle);
  }
  if (bandwidth->series().isEmpty()) {
    bandwidth->setTitle(tr("H2D bandwidth against copy size (no host-to-device copies)"));
    return;
  }
  // A run and a memory kind per entry: past four entries a row at the bottom leaves each too little
  // room for a name, a column on the right has a line each.
  if (bandwidth->series().size() > 4) bandwidth->legend()->setAlignment(Qt::AlignRight);
  // The legend's marks take each series' own shape (a square for pageable, a circle for pinned), so
  // the key reads as the points do.
  bandwidth->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
  // An octave either side, so the extreme points are not cut in half by the plot's edge.
  auto* x = new QCategoryAxis;
  x->setTitleText(tr("bytes per copy"));
  x->setRange(minX - 1, maxX + 1);
  x->setStartValue(minX - 1);
  x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
  // Labels only half an octave beyond the points: one centred on the plot's edge would be cut.
  for (const auto& tick : view::byteAxisTicks(minX - 0.5, maxX + 0.5))
    x->append(QString::fromStdString(tick.label), tick.value);
  auto* y = new QLogValueAxis;
  y->setTitleText(tr("GB/s"));
  y->setBase(10);
  y->setLabelFormat("%g");
  y->setRange(minY / 2, maxY * 2);
  bandwidth->addAxis(x, Qt::AlignBottom);
  bandwidth->addAxis(y, Qt::AlignLeft);
  for (auto* s : bandwidth->series()) {
    s->attachAxis(x);
    s->attachAxis(y);
  }
}

void ChartsPanel::buildGaps(QChart* gaps) {
  std::vector<const analysis::DeviceAnalysis*> devices;
  for (const auto& a : doc_->analyses) devices.push_back(a.primary());
  view::GapHistogram h = view::gapHistogram(devices);
  if (h.labels.empty()) {
    gaps->setTitle(tr("Idle time of compute by gap length (no idle gaps)"));
    return;
  }
  // Bars weigh each bin by its idle time: what starves the GPU is a handful of long gaps, which a
  // count of gaps hides under hundreds of short ones. The tooltip gives the count too.
  auto* series = new QBarSeries;
  double maxIdle = 0;
  for (std::size_t r = 0; r < devices.size(); ++r) {
    auto* set = new QBarSet(runName(*doc_, r));
    set->setProperty("fullName", QString::fromStdString(doc_->analyses[r].run_name));
    set->setColor(toQColor(present::runColor(r)));
    set->setBorderColor(Qt::transparent);
    set->setProperty("run", static_cast<int>(r));
    for (double ms : h.idle_ms[r]) {
      *set << ms;
      maxIdle = std::max(maxIdle, ms);
    }
    series->append(set);
  }
  QStringList binLabels;
  for (const auto& label : h.labels) binLabels << QString::fromStdString(label);
  connect(series, &QBarSeries::hovered, this,
          [binLabels, counts = h.counts](bool status, int index, QBarSet* set) {
            if (index < 0 || index >= binLabels.size()) return;
            auto run = static_cast<std::size_t>(std::max(0, set->property("run").toInt()));
            auto count = run < counts.size() ? static_cast<long long>(counts[run][static_cast<std::size_t>(index)]) : 0;
            showTip(status, tr("%1: %2 ms idle in %3 %4 of %5")
                                .arg(set->property("fullName").toString())
                                .arg(set->at(index), 0, 'f', 2)
                                .arg(count)
                                .arg(count == 1 ? tr("gap") : tr("gaps"), binLabels[index]));
          });
  gaps->addSeries(series);
  // Bar k sits at x = k; its edges at k ± 0.5 carry the decade labels, like a log axis.
  auto* x = new QCategoryAxis;
  x->setTitleText(tr("idle gap length"));
  const double bins = static_cast<double>(h.labels.size());
  x->setRange(-0.5, bins - 0.5);
  x->setStartValue(-0.5);
  x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
  for (const auto& tick : h.edge_ticks) x->append(QString::fromStdString(tick.label), tick.value);
  auto* y = valueAxis(tr("idle ms"), maxIdle);
  gaps->addAxis(x, Qt::AlignBottom);
  gaps->addAxis(y, Qt::AlignLeft);
  series->attachAxis(x);
  series->attachAxis(y);
}

}  // namespace feedscope::ui
