// Item models under QAbstractItemModelTester, and the compare table's figures against the core's.
#include <gtest/gtest.h>

#include <QAbstractItemModelTester>
#include <QBrush>
#include <QIcon>
#include <algorithm>
#include <cmath>

#include "analysis/comparison.h"
#include "ui/compare_model.h"
#include "ui/findings_model.h"
#include "ui/qt_color.h"
#include "ui_fixture.h"

namespace feedscope::ui {
namespace {

using testing::sampleDocument;
using testing::WarningCatcher;

TEST(CompareModel, PassesTheModelTesterAndShowsTheCoresFigures) {
  auto doc = sampleDocument();
  WarningCatcher warnings;
  CompareModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);
  model.setTable(doc->compare);
  auto core = analysis::compareRuns(doc->analyses[0], doc->analyses[1]);
  ASSERT_EQ(model.rowCount(), static_cast<int>(core.deltas.size()));
  ASSERT_EQ(model.columnCount(), 4);  // metric, naive, stream, stream - naive
  EXPECT_EQ(model.headerData(1, Qt::Horizontal).toString(), "h200_naive");
  EXPECT_EQ(model.headerData(2, Qt::Horizontal).toString(), "h200_stream");
  EXPECT_EQ(model.headerData(3, Qt::Horizontal).toString(), "Δ h200_stream");
  EXPECT_EQ(model.headerData(3, Qt::Horizontal, Qt::ToolTipRole).toString(), "h200_stream − h200_naive");
  for (int r = 0; r < model.rowCount(); ++r) {
    const auto& d = core.deltas[static_cast<std::size_t>(r)];
    EXPECT_EQ(model.data(model.index(r, 0)).toString().toStdString(), d.label);
    QVariant a = model.data(model.index(r, 1), CompareModel::kValueRole);
    QVariant b = model.data(model.index(r, 2), CompareModel::kValueRole);
    ASSERT_EQ(a.isValid(), d.a.has_value()) << d.key;
    ASSERT_EQ(b.isValid(), d.b.has_value()) << d.key;
    if (d.a) {
      EXPECT_DOUBLE_EQ(a.toDouble(), *d.a) << d.key;
    }
    if (d.b) {
      EXPECT_DOUBLE_EQ(b.toDouble(), *d.b) << d.key;
    }
    if (d.delta()) {
      EXPECT_DOUBLE_EQ(model.data(model.index(r, 3), CompareModel::kValueRole).toDouble(), *d.delta());
    }
    if (d.key == "starvation_pct") {
      EXPECT_EQ(model.data(model.index(r, 1)).toString(), "45.06 %");
      EXPECT_EQ(model.data(model.index(r, 2)).toString(), "15.95 %");
      // The CLI's figure with a true minus sign, which is as wide as "+".
      EXPECT_EQ(model.data(model.index(r, 3)).toString(), QString::fromUtf8("\u221229.11 pt"));
      // Better: green, and said in words for those who cannot tell the colours apart.
      EXPECT_EQ(model.data(model.index(r, 3), Qt::ForegroundRole).value<QBrush>().color(),
                toQColor(present::palette::kBetter));
      EXPECT_EQ(model.data(model.index(r, 3), Qt::ToolTipRole).toString(),
                QString::fromUtf8("h200_stream \u2212 h200_naive: better (lower is better)"));
    }
    if (d.key == "median_step_ns") {
      EXPECT_EQ(model.data(model.index(r, 3)).toString(), QString::fromUtf8("\u22129.12 ms"));
    }
    if (d.key == "h2d_overlap_pct") {
      EXPECT_EQ(model.data(model.index(r, 3)).toString(), "+78.86 pt");
      EXPECT_EQ(model.data(model.index(r, 3), Qt::ToolTipRole).toString(),
                QString::fromUtf8("h200_stream \u2212 h200_naive: better (higher is better)"));
    }
    if (d.key == "kernel_count") {
      // Unchanged: the neutral grey of a change within noise, and no direction claimed for a count.
      EXPECT_EQ(model.data(model.index(r, 3)).toString(), "+0");
      EXPECT_EQ(model.data(model.index(r, 3), Qt::ForegroundRole).value<QBrush>().color(),
                toQColor(present::palette::kNeutral));
      EXPECT_EQ(model.data(model.index(r, 3), Qt::ToolTipRole).toString(),
                QString::fromUtf8("h200_stream \u2212 h200_naive: within noise"));
    }
  }
  model.setTable({});
  EXPECT_EQ(model.rowCount(), 0);
  EXPECT_TRUE(warnings.messages().empty()) << warnings.messages().front();
}

// A change smaller than the noise of a comparison (thresholds.h) reads neither better nor worse: grey,
// where it was coloured before (+0.00 pt red, ±50 µs green or red on 20 ms steps).
TEST(CompareModel, ChangesWithinNoiseAreGrey) {
  analysis::MetricDelta share;
  share.unit = analysis::MetricUnit::Percent;
  share.a = 45.06;
  share.b = 45.06 + 0.004;
  EXPECT_TRUE(share.withinNoise());
  EXPECT_EQ(share.improved(), std::nullopt);
  analysis::MetricDelta step;
  step.unit = analysis::MetricUnit::Nanoseconds;
  step.a = 20'000'000;
  step.b = 20'050'000;  // +50 µs of 20 ms: 0.25 %
  EXPECT_EQ(step.improved(), std::nullopt);
  step.b = 20'400'000;  // +2 %
  EXPECT_EQ(step.improved(), std::optional<bool>(false));
  share.b = 44.0;  // -1.06 pt
  EXPECT_EQ(share.improved(), std::optional<bool>(true));
}

TEST(CompareModel, DeltaColoursStayReadableOnADarkBackground) {
  // WCAG contrast of each colour against the table's base in each theme: at least 3:1 (large text and
  // graphics); the light theme's green on the dark base would fall below that.
  auto luminance = [](const QColor& c) {
    auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
  };
  auto contrast = [&](const QColor& a, const QColor& b) {
    double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
  };
  const QColor lightBase(Qt::white), darkBase(0x1e, 0x1f, 0x22);
  for (bool better : {true, false}) {
    EXPECT_GE(contrast(CompareModel::deltaColor(better, false), lightBase), 3.0) << better;
    EXPECT_GE(contrast(CompareModel::deltaColor(better, true), darkBase), 4.5) << better;
  }
  EXPECT_LT(contrast(CompareModel::deltaColor(false, false), darkBase), 3.5);
}

TEST(FindingsModel, PassesTheModelTesterAndListsRootsMostSevereFirstEachWithItsParts) {
  auto doc = sampleDocument();
  WarningCatcher warnings;
  FindingsModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);
  model.setDocument(doc);
  std::size_t expected = 0;
  for (const auto& a : doc->analyses) expected += a.allFindings().size();
  ASSERT_EQ(model.rowCount(), static_cast<int>(expected));
  ASSERT_GT(expected, 0u);
  int previousRoot = 4;
  std::string root;
  std::size_t rootRun = 0;
  for (int r = 0; r < model.rowCount(); ++r) {
    const analysis::Finding* f = model.finding(r);
    const bool part = model.data(model.index(r, FindingsModel::Title), FindingsModel::kIsPartRole).toBool();
    EXPECT_EQ(part, !f->isRoot());
    if (f->isRoot()) {
      // Roots most severe first across runs.
      int rank = model.data(model.index(r, FindingsModel::Title), FindingsModel::kSeverityRankRole).toInt();
      EXPECT_LE(rank, previousRoot);
      previousRoot = rank;
      root = f->id;
      rootRun = model.runOf(r);
    } else {
      // A part follows its root, in the same run, and says so.
      EXPECT_EQ(f->part_of, root);
      EXPECT_EQ(model.runOf(r), rootRun);
      EXPECT_TRUE(model.data(model.index(r, FindingsModel::Title)).toString().contains("of which"));
    }
    EXPECT_FALSE(model.data(model.index(r, FindingsModel::Title)).toString().isEmpty());
    EXPECT_EQ(model.data(model.index(r, 0), FindingsModel::kSentenceRole).toString().toStdString(), f->sentence);
    // The tooltip carries the whole title (a narrow dock cuts it), the cost, the sentence and the fix,
    // as rich text so that it wraps.
    QString tip = model.data(model.index(r, FindingsModel::Title), Qt::ToolTipRole).toString();
    EXPECT_TRUE(tip.startsWith("<p><b>" + QString::fromStdString(f->title).toHtmlEscaped())) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QString::fromStdString(f->sentence).toHtmlEscaped()));
    EXPECT_TRUE(tip.contains(QString::fromStdString(f->fix).toHtmlEscaped()));
    // The severity is the title's colour mark.
    EXPECT_FALSE(model.data(model.index(r, FindingsModel::Title), Qt::DecorationRole).value<QIcon>().isNull());
  }
  // The naive run's pageable-copy finding is there, with its cost as a share of the GPU window; its
  // "not overlapped" angle is a part of it, its cost in brackets.
  bool pageable = false;
  for (int r = 0; r < model.rowCount(); ++r) {
    if (model.finding(r)->id == "pageable_h2d" && model.runOf(r) == 0) {
      pageable = true;
      EXPECT_EQ(model.data(model.index(r, FindingsModel::Run)).toString(), "h200_naive");
      EXPECT_EQ(model.data(model.index(r, FindingsModel::Cost)).toString(), "18.51 %");
      EXPECT_EQ(model.finding(r + 1)->id, "copies_not_overlapped");
      EXPECT_EQ(model.data(model.index(r + 1, FindingsModel::Cost)).toString(), "(18.51 %)");
    }
  }
  EXPECT_TRUE(pageable);
  EXPECT_TRUE(model.summary().contains("h200_naive · GPU 0: starved 45.06 %; findings explain 44.58 %, unexplained 0.48 %"))
      << model.summary().toStdString();
  model.setDocument(nullptr);
  EXPECT_EQ(model.rowCount(), 0);
  EXPECT_TRUE(warnings.messages().empty()) << warnings.messages().front();
}

}  // namespace
}  // namespace feedscope::ui
