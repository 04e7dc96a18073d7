// Compare charts.
#include "ui/charts_panel.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGridLayout>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QValueAxis>
#include <algorithm>

#include "ui/timeline_painter.h"
#include "view/chart_data.h"
#include "view/colors.h"

namespace feedscope::ui {
namespace {

QChartView* makeView(const QString& objectName, QWidget* parent) {
  auto* view = new QChartView(new QChart(), parent);
  view->setObjectName(objectName);
  view->setRenderHint(QPainter::Antialiasing);
  view->setMinimumSize(280, 200);
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

QStringList runNames(const Document& doc) {
  QStringList names;
  for (const auto& a : doc.analyses) names << QString::fromStdString(a.run_name);
  return names;
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
  applyTheme();
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
  if (event->type() == QEvent::PaletteChange) applyTheme();
  QWidget::changeEvent(event);
}

void ChartsPanel::applyTheme() {
  bool dark = palette().color(QPalette::Base).lightness() < 128;
  for (QChartView* v : {step_time_, breakdown_, bandwidth_, gaps_}) {
    v->chart()->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
  }
  rebuild();  // a theme change resets series colours
}

void ChartsPanel::rebuild() {
  QChart* steps = stepTimeChart();
  QChart* breakdown = breakdownChart();
  QChart* bandwidth = bandwidthChart();
  QChart* gaps = gapChart();
  resetChart(steps, tr("Step time per step"));
  resetChart(breakdown, tr("Where a step's time goes"));
  resetChart(bandwidth, tr("H2D bandwidth against copy size"));
  resetChart(gaps, tr("Idle gaps of compute by length"));
  if (!doc_) return;

  // Step time per step.
  double maxMs = 0, maxStep = 1;
  for (const auto& a : doc_->analyses) {
    const auto* d = a.primary();
    if (d == nullptr || d->steps.empty()) continue;
    auto* series = new QLineSeries;
    series->setName(QString::fromStdString(a.run_name));
    series->setPointsVisible(d->steps.size() <= 200);
    for (const auto& p : view::stepTimesMs(*d)) {
      series->append(p.x, p.y);
      maxMs = std::max(maxMs, p.y);
      maxStep = std::max(maxStep, p.x);
    }
    steps->addSeries(series);
  }
  if (!steps->series().isEmpty()) {
    auto* x = new QValueAxis;
    x->setTitleText(tr("step"));
    x->setRange(1, maxStep);
    x->setLabelFormat("%d");
    auto* y = valueAxis(tr("ms"), maxMs);
    steps->addAxis(x, Qt::AlignBottom);
    steps->addAxis(y, Qt::AlignLeft);
    for (auto* s : steps->series()) {
      s->attachAxis(x);
      s->attachAxis(y);
    }
  } else {
    steps->setTitle(tr("Step time per step (no steps in these runs)"));
  }

  // Breakdown: stacked bars, one per run.
  {
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
      for (const auto& b : bars) *set << b.*(part.value);
      series->append(set);
    }
    breakdown->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(runNames(*doc_));
    auto* y = valueAxis(tr("ms per %1").arg(basis), maxTotal);
    breakdown->addAxis(x, Qt::AlignBottom);
    breakdown->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
  }

  // H2D bandwidth against copy size.
  {
    double minX = 1e300, maxX = 0, minY = 1e300, maxY = 0;
    for (const auto& a : doc_->analyses) {
      const auto* d = a.primary();
      if (d == nullptr) continue;
      view::BandwidthSeries bw = view::h2dBandwidth(*d);
      auto add = [&](const std::vector<view::XY>& points, const QString& kind, view::Rgb color) {
        if (points.empty()) return;
        auto* s = new QScatterSeries;
        s->setName(QString::fromStdString(a.run_name) + " · " + kind);
        s->setMarkerSize(7);
        s->setColor(toQColor(color));
        // Runs after the first get a square marker, so two runs of one kind stay apart.
        if (&a != &doc_->analyses.front()) s->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
        for (const auto& p : points) {
          s->append(p.x, p.y);
          minX = std::min(minX, p.x);
          maxX = std::max(maxX, p.x);
          minY = std::min(minY, p.y);
          maxY = std::max(maxY, p.y);
        }
        bandwidth->addSeries(s);
      };
      add(bw.pageable, tr("pageable"), view::palette::kH2dPageable);
      add(bw.pinned, tr("pinned"), view::palette::kCopyWaitPinned);
      add(bw.other, tr("host (kind unknown)"), view::palette::kDependency);
    }
    if (!bandwidth->series().isEmpty()) {
      auto* x = new QLogValueAxis;
      x->setTitleText(tr("bytes per copy"));
      x->setBase(10);
      x->setLabelFormat("%.0e");
      x->setRange(minX / 2, maxX * 2);
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
    } else {
      bandwidth->setTitle(tr("H2D bandwidth against copy size (no host-to-device copies)"));
    }
  }

  // Idle-gap histogram.
  {
    std::vector<const analysis::DeviceAnalysis*> devices;
    for (const auto& a : doc_->analyses) devices.push_back(a.primary());
    view::GapHistogram h = view::gapHistogram(devices);
    auto* series = new QBarSeries;
    double maxCount = 0;
    for (std::size_t r = 0; r < devices.size(); ++r) {
      auto* set = new QBarSet(QString::fromStdString(doc_->analyses[r].run_name));
      for (auto c : h.counts[r]) {
        *set << static_cast<double>(c);
        maxCount = std::max(maxCount, static_cast<double>(c));
      }
      series->append(set);
    }
    gaps->addSeries(series);
    auto* x = new QBarCategoryAxis;
    for (const auto& label : h.labels) x->append(QString::fromStdString(label));
    x->setTitleText(tr("gap length (each bin from its label to the next)"));
    auto* y = valueAxis(tr("gaps"), maxCount);
    y->setLabelFormat("%d");
    gaps->addAxis(x, Qt::AlignBottom);
    gaps->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
  }
}

}  // namespace feedscope::ui
