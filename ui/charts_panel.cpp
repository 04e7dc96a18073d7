// Compare charts.
#include "ui/charts_panel.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QEvent>
#include <QGridLayout>
#include <QBarLegendMarker>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

#include "trace/units.h"
#include "ui/timeline_painter.h"
#include "view/chart_data.h"
#include "view/colors.h"
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
  view->setMinimumSize(280, 200);
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

// A run's name as legends and bar labels show it: cut in the middle, shorter the more runs share the
// chart, so two to six runs stay legible; the full name is kept for the hover tooltip.
QString shortRunName(const Document& doc, std::size_t run) {
  return QString::fromStdString(
      view::elideMiddle(doc.analyses[run].run_name, view::runNameChars(doc.analyses.size())));
}

QStringList shortRunNames(const Document& doc) {
  QStringList names;
  for (std::size_t r = 0; r < doc.analyses.size(); ++r) names << shortRunName(doc, r);
  return names;
}

// Hovering a bar or a point names it exactly: the axes only give the neighbourhood.
void showTip(bool show, const QString& text) {
  if (show) {
    QToolTip::showText(QCursor::pos(), text);
  } else {
    QToolTip::hideText();
  }
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
    : QWidget(parent),
      step_time_(makeView("stepTimeChart", this)),
      breakdown_(makeView("breakdownChart", this)),
      bandwidth_(makeView("bandwidthChart", this)),
      gaps_(makeView("gapChart", this)) {
  setObjectName("chartsPanel");
  auto* grid = new QGridLayout(this);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->addWidget(step_time_, 0, 0);
  grid->addWidget(breakdown_, 0, 1);
  grid->addWidget(bandwidth_, 1, 0);
  grid->addWidget(gaps_, 1, 1);
  rebuild();
}

QChart* ChartsPanel::stepTimeChart() const {
  return step_time_->chart();
}
QChart* ChartsPanel::breakdownChart() const {
  return breakdown_->chart();
}
QChart* ChartsPanel::bandwidthChart() const {
  return bandwidth_->chart();
}
QChart* ChartsPanel::gapChart() const {
  return gaps_->chart();
}

void ChartsPanel::setDocument(std::shared_ptr<const Document> doc) {
  doc_ = std::move(doc);
  rebuild();
}

void ChartsPanel::changeEvent(QEvent* event) {
  // Colours and fonts follow the window's: a theme switch rebuilds the charts in the new palette.
  if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) rebuild();
  QWidget::changeEvent(event);
}

void ChartsPanel::rebuild() {
  QChart* steps = stepTimeChart();
  QChart* breakdown = breakdownChart();
  QChart* bandwidth = bandwidthChart();
  QChart* gaps = gapChart();
  resetChart(steps, tr("Step time per step"));
  resetChart(breakdown, tr("Where a step's time goes"));
  resetChart(bandwidth, tr("H2D bandwidth against copy size"));
  resetChart(gaps, tr("Idle time of compute by gap length"));
  const ChartStyle style = styleOf(*this);
  if (doc_) {
    buildStepTimes(steps);
    buildBreakdown(breakdown, style.background);
    buildBandwidth(bandwidth, style.background);
    buildGaps(gaps);
    for (QChart* chart : {steps, breakdown, bandwidth, gaps}) addLegendTooltips(chart);
  }
  for (QChartView* v : {step_time_, breakdown_, bandwidth_, gaps_}) applyStyle(v, style);
}

void ChartsPanel::buildStepTimes(QChart* steps) {
  double maxMs = 0, maxStep = 1, minStep = std::numeric_limits<double>::max();
  QString namePrefix;
  for (std::size_t r = 0; r < doc_->analyses.size(); ++r) {
    const auto& a = doc_->analyses[r];
    const auto* d = a.primary();
    if (d == nullptr || d->steps.empty()) continue;
    auto* series = new QLineSeries;
    series->setName(shortRunName(*doc_, r));
    series->setProperty("fullName", QString::fromStdString(a.run_name));
    series->setPen(QPen(toQColor(view::runColor(r)), 2));
    series->setPointsVisible(d->steps.size() <= 200);
    for (const auto& p : view::stepTimesMs(*d)) {
      series->append(p.x, p.y);
      maxMs = std::max(maxMs, p.y);
      maxStep = std::max(maxStep, p.x);
      minStep = std::min(minStep, p.x);
    }
    // Issue 13, 9: hovering a point names the step as the timeline does; a click shows it there.
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
  x->setRange(std::min(minStep, maxStep), std::max(maxStep, minStep + 1));
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
    view::Rgb color;
    double view::TimeBreakdown::*value;
  };
  const Part parts[] = {
      {tr("compute"), view::palette::kKernel, &view::TimeBreakdown::compute_ms},
      {tr("exposed copy"), view::palette::kCopyWaitPageable, &view::TimeBreakdown::exposed_copy_ms},
      {tr("host wait"), view::palette::kHostDataLoading, &view::TimeBreakdown::host_wait_ms},
      {tr("other"), view::palette::kDependency, &view::TimeBreakdown::other_ms}};
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
  x->append(shortRunNames(*doc_));
  // Qt Charts allows a category label a quarter of the plot with two categories (the width over the
  // categories plus two), which cuts "h200_stream" under a bar that has room for it; with up to four
  // runs each bar's share is wide enough for a run name.
  x->setTruncateLabels(doc_->analyses.size() > 4);
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
    auto add = [&](const std::vector<view::XY>& points, const QString& kind,
                   QScatterSeries::MarkerShape shape) {
      if (points.empty()) return;
      auto* s = new QScatterSeries;
      QString name = QString::fromStdString(a.run_name) + " · " + kind;
      s->setName(shortRunName(*doc_, r) + " · " + kind);
      s->setProperty("fullName", name);
      s->setMarkerShape(shape);
      s->setMarkerSize(shape == QScatterSeries::MarkerShapeCircle ? 9 : 8);
      s->setColor(toQColor(view::runColor(r)));
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
    add(bw.pageable, tr("pageable"), QScatterSeries::MarkerShapeRectangle);
    add(bw.pinned, tr("pinned"), QScatterSeries::MarkerShapeCircle);
    add(bw.other, tr("host (kind unknown)"), QScatterSeries::MarkerShapeRotatedRectangle);
  }
  if (bandwidth->series().isEmpty()) {
    bandwidth->setTitle(tr("H2D bandwidth against copy size (no host-to-device copies)"));
    return;
  }
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
    auto* set = new QBarSet(shortRunName(*doc_, r));
    set->setProperty("fullName", QString::fromStdString(doc_->analyses[r].run_name));
    set->setColor(toQColor(view::runColor(r)));
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
