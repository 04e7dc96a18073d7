// Host wait by name where the GUI shows it: a starvation interval's details name the host range the
// GPU waited for, and the Tables tab's "host wait by range" adds up to the selection's host-other time.
#include <gtest/gtest.h>

#include "view/describe.h"
#include "view/host_wait_table.h"
#include "view/model_fixture.h"

namespace feedscope::view {
namespace {

using testing::AnalysedModel;
using testing::RunFixture;
using trace::IntervalKind;

constexpr TimeNs kUs = 1'000;

// Two steps: the GPU idles 300 µs inside "## backward ##" and 100 µs with nothing open.
trace::Session twoSteps() {
  RunFixture f;
  std::uint32_t corr = 1;
  for (int i = 0; i < 2; ++i) {
    const TimeNs t = i * 1000 * kUs;
    f.step(t, t + 1000 * kUs, i);
    f.api("cudaLaunchKernel", t, t + 5 * kUs, corr);
    f.kernel(t, t + 400 * kUs, 7, corr++);
    f.host(IntervalKind::Range, "## backward ##", t + 300 * kUs, t + 700 * kUs);
    f.api("cudaLaunchKernel", t + 700 * kUs, t + 705 * kUs, corr);
    f.kernel(t + 700 * kUs, t + 900 * kUs, 7, corr++);
  }
  return f.finish();
}

TEST(HostWaitView, AStarvationIntervalNamesTheHostRangeTheGpuWaitedFor) {
  AnalysedModel m(twoSteps());
  const std::size_t lane = m.lane(LaneKind::Starvation);
  const Lane& l = m.model->lanes()[lane];
  int named = 0, unnamed = 0;
  for (std::size_t r = 0; r < l.rows.size(); ++r) {
    for (std::size_t i = 0; i < l.rows[r].size(); ++i) {
      if (TimelineModel::starvationCause(l.rows[r], i) != analysis::GapCause::HostOther) continue;
      const Description d = describeInterval(*m.model, lane, r, i);
      const std::string* range = d.find("host range");
      ASSERT_NE(range, nullptr);
      if (*range == "## backward ##") {
        ++named;
        EXPECT_EQ(*d.find("duration"), "300 µs");
      } else {
        ++unnamed;
        EXPECT_EQ(range->rfind("none", 0), 0u) << *range;
      }
    }
  }
  // [400, 700) of both steps is inside backward; [900, 1000) of the first step is not.
  EXPECT_EQ(named, 2);
  EXPECT_EQ(unnamed, 1);
}

TEST(HostWaitView, TheTablesHostWaitByRangeAddsUpToTheSelectionsHostOther) {
  AnalysedModel m(twoSteps());
  const TimeRange all = m.model->contentRange();
  std::vector<SummaryRow> rows = summarizeHostWait(*m.model, all);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].name, "## backward ##");
  EXPECT_EQ(rows[0].count, 2u);
  EXPECT_EQ(rows[0].total, 600 * kUs);
  EXPECT_EQ(rows[0].median, 300 * kUs);
  EXPECT_EQ(rows[1].name, "unnamed");
  EXPECT_EQ(rows[1].total, 100 * kUs);
  EXPECT_EQ(rows[0].total + rows[1].total, m.analyses[0].devices[0].whole.gaps[analysis::GapCause::HostOther]);
  // A selection of the second step only, clipped: 300 µs of backward.
  const double second = m.model->toDisplay(0, testing::kBase + 1000 * kUs);
  rows = summarizeHostWait(*m.model, {second, second + 1000 * kUs});
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].total, 300 * kUs);
  EXPECT_DOUBLE_EQ(rows[0].share, 0.3);
}

}  // namespace
}  // namespace feedscope::view
