// The compare view's charts (Qt Charts): step time per step for each run; the time breakdown of a
// step as stacked bars per run; H2D bandwidth against copy size (pageable and pinned, log axes
// labelled in bytes); idle time per idle-gap length. Series come from view/chart_data, downsampled
// there; each run keeps one colour in every chart, and hovering a bar or point names it.
#pragma once

#include <QWidget>
#include <memory>

#include "ui/document.h"

class QChart;
class QChartView;
class QColor;

namespace feedscope::ui {

class ChartsPanel : public QWidget {
  Q_OBJECT

 public:
  explicit ChartsPanel(QWidget* parent = nullptr);
  void setDocument(std::shared_ptr<const Document> doc);

  QChart* stepTimeChart() const;
  QChart* breakdownChart() const;
  QChart* bandwidthChart() const;
  QChart* gapChart() const;

 signals:
  // A click on a point of the step-time chart: show run `run`'s step numbered `number`.
  void stepRequested(std::size_t run, std::int64_t number);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void rebuild();
  void buildStepTimes(QChart* steps);
  void buildBreakdown(QChart* breakdown, const QColor& background);
  void buildBandwidth(QChart* bandwidth, const QColor& background);
  void buildGaps(QChart* gaps);

  std::shared_ptr<const Document> doc_;
  QChartView* step_time_;
  QChartView* breakdown_;
  QChartView* bandwidth_;
  QChartView* gaps_;
};

}  // namespace feedscope::ui
