// The compare view's charts (Qt Charts): step time per step for each run; the time breakdown of a
// step as stacked bars per run; H2D bandwidth against copy size (pageable and pinned, log axes
// labelled in bytes); idle time per idle-gap length. Series come from view/chart_data, downsampled
// there; each run keeps one colour in every chart, and hovering a bar or point names it.
//
// The charts stay legible for two to six runs. They sit in a scrolling grid, two to a row
// where both get their minimum size and one to a row where not, and run names in legends and under
// the breakdown's bars are cut in the middle to the pixels the chart has (run_name_elision.h); hovering
// a legend entry or a bar label gives the whole name.
#pragma once

#include <QStringList>
#include <QWidget>
#include <memory>

#include "ui/document.h"

class QChart;
class QChartView;
class QColor;
class QGridLayout;
class QScrollArea;

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
  QList<QChartView*> chartViews() const;

  // Below this a chart's axis titles and labels are cut or hidden by Qt Charts.
  static constexpr int kChartMinWidth = 380;
  static constexpr int kChartMinHeight = 280;
  // Past this many runs (a job's ranks) a legend entry per run would be a few pixels and the colours
  // repeat: the per-run legends are hidden and hovering a line, point or bar names its run.
  static constexpr int kMaxLegendRuns = 10;
  // A chart's minimum width for the runs shown: kChartMinWidth, or wider so that a legend entry per
  // run (up to kMaxLegendRuns) keeps about a dozen characters of its name.
  int chartMinWidth() const;
  // Charts side by side in the grid: 2 where the width allows, else 1.
  int columnCount() const { return columns_; }
  // The whole run name shown (cut) at `pos` of a chart view's viewport: a breakdown bar's label.
  // Empty elsewhere.
  QString runNameAt(QChartView* view, QPoint pos) const;
  // One chart's width and height, with the vertical scroll bar's room.
  QSize minimumSizeHint() const override;

 signals:
  // A click on a point of the step-time chart: show run `run`'s step numbered `number`.
  void stepRequested(std::size_t run, std::int64_t number);

 protected:
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void rebuild();
  // The charts are built when first seen (the Compare tab shown, or a chart asked for): a document
  // opened on the Timeline tab does not wait for four charts it may never look at
  // (docs/performance.md, "Opening in the GUI").
  void buildIfStale() const;
  void showEvent(QShowEvent* event) override;
  void arrangeGrid();
  // Cuts the run names of legends and bar labels to the room each chart has now.
  void relabel();
  void buildStepTimes(QChart* steps);
  void buildBreakdown(QChart* breakdown, const QColor& background);
  void buildBandwidth(QChart* bandwidth, const QColor& background);
  void buildGaps(QChart* gaps);

  std::shared_ptr<const Document> doc_;
  mutable bool stale_ = true;  // the charts do not show doc_ yet
  QScrollArea* scroll_;
  QGridLayout* grid_;
  int columns_ = 0;
  QStringList breakdown_names_;  // the breakdown's categories, whole
  QChartView* step_time_;
  QChartView* breakdown_;
  QChartView* bandwidth_;
  QChartView* gaps_;
};

}  // namespace feedscope::ui
