// A folded process's band: per pixel column, the busy share of its host lanes (the largest of them).
#include "view/process_activity.h"

#include <gtest/gtest.h>

#include "view/model_fixture.h"

namespace feedscope::view {
namespace {

using testing::AnalysedModel;
using testing::RunFixture;

TEST(ProcessActivity, EachColumnIsTheBusiestLanesShare) {
  RunFixture f;
  f.kernel(0, 1'000);
  f.host(trace::IntervalKind::Range, "load", 0, 300, 0, 1);
  f.host(trace::IntervalKind::Range, "work", 600, 650, 0, 2);
  f.host(trace::IntervalKind::Range, "more", 650, 700, 0, 2);
  AnalysedModel m(f.finish());
  Viewport v;
  v.setWidth(10);
  v.setContent(m.model->contentRange());
  v.showRange({0, 1'000});  // 100 ns per column
  ASSERT_DOUBLE_EQ(v.nsPerPx(), 100);
  const std::vector<float> busy = processActivity(*m.model, 0, 100, v);
  ASSERT_EQ(busy.size(), 10u);
  const std::vector<float> expected{1, 1, 1, 0, 0, 0, 1, 0, 0, 0};
  for (std::size_t x = 0; x < 10; ++x) EXPECT_NEAR(busy[x], expected[x], 1e-6) << x;
  // Another process has nothing there.
  for (float b : processActivity(*m.model, 0, 999, v)) EXPECT_EQ(b, 0.0f);
}

}  // namespace
}  // namespace feedscope::view
