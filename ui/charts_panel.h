// The compare view's charts (Qt Charts): step time per step for each run; the time breakdown of a
// step as stacked bars per run; H2D bandwidth against copy size (pageable and pinned, log axes); a
// histogram of idle-gap lengths. Series come from view/chart_data, downsampled there.
#pragma once

#include <QWidget>
#include <memory>

#include "ui/document.h"

class QChart;
class QChartView;

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

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void rebuild();
  void applyTheme();

  std::shared_ptr<const Document> doc_;
  QChartView* step_time_;
  QChartView* breakdown_;
  QChartView* bandwidth_;
  QChartView* gaps_;
};

}  // namespace feedscope::ui
