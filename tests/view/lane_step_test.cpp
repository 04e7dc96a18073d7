// `,` and `.` step along a lane (docs/gui.md convention 2): in time order over every row of the lane,
// stopping at either end.
#include "view/lane_step.h"

#include <gtest/gtest.h>

#include "view/model_fixture.h"

namespace feedscope::view {
namespace {

using testing::AnalysedModel;
using testing::RunFixture;

TEST(LaneStep, WalksALanePackedIntoRowsInTimeOrderBothWays) {
  RunFixture f;
  f.kernel(0, 100);
  f.kernel(50, 150);  // overlaps the first: another row of the lane
  f.kernel(200, 300);
  f.kernel(1000, 1100, /*stream=*/8);  // another lane: never reached
  AnalysedModel m(f.finish());
  const std::size_t lane = m.lane(LaneKind::Kernels, 7);
  const Lane& kernels = m.model->lanes()[lane];
  ASSERT_GE(kernels.rows.size(), 2u) << "the overlap should spread the lane over rows";
  // Start at the earliest interval of the lane.
  ItemRef first{lane, 0, 0};
  for (std::size_t r = 0; r < kernels.rows.size(); ++r) {
    if (kernels.rows[r].start(0) < kernels.rows[first.row].start(0)) first = {lane, r, 0};
  }
  std::vector<TimeNs> starts{kernels.rows[first.row].start(first.item)};
  std::vector<ItemRef> visited{first};
  for (auto at = stepAlongLane(*m.model, first, true); at; at = stepAlongLane(*m.model, *at, true)) {
    EXPECT_EQ(at->lane, lane);
    starts.push_back(kernels.rows[at->row].start(at->item));
    visited.push_back(*at);
    ASSERT_LE(visited.size(), 3u);
  }
  const TimeNs base = testing::kBase;
  EXPECT_EQ(starts, (std::vector<TimeNs>{base, base + 50, base + 200}));
  // Back from the last, the same intervals in reverse, then nothing.
  std::vector<ItemRef> back{visited.back()};
  for (auto at = stepAlongLane(*m.model, back.back(), false); at; at = stepAlongLane(*m.model, *at, false))
    back.push_back(*at);
  EXPECT_EQ(std::vector<ItemRef>(back.rbegin(), back.rend()), visited);
}

TEST(LaneStep, IntervalsStartingTogetherAreEachVisitedOnce) {
  RunFixture f;
  f.kernel(0, 100);
  f.kernel(0, 60);
  f.kernel(0, 30);
  AnalysedModel m(f.finish());
  const std::size_t lane = m.lane(LaneKind::Kernels);
  const Lane& kernels = m.model->lanes()[lane];
  std::size_t total = 0;
  for (const Row& row : kernels.rows) total += row.size();
  ASSERT_EQ(total, 3u);
  // From the smallest key (row 0, item 0) forward, every interval once.
  std::size_t seen = 1;
  ItemRef at{lane, 0, 0};
  while (auto next = stepAlongLane(*m.model, at, true)) {
    EXPECT_FALSE(*next == at);
    at = *next;
    ASSERT_LE(++seen, 3u);
  }
  EXPECT_EQ(seen, 3u);
}

TEST(LaneStep, AnItemThatIsNotThereHasNoNeighbour) {
  RunFixture f;
  f.kernel(0, 100);
  AnalysedModel m(f.finish());
  const std::size_t lane = m.lane(LaneKind::Kernels);
  EXPECT_FALSE(stepAlongLane(*m.model, {lane, 0, 0}, true));
  EXPECT_FALSE(stepAlongLane(*m.model, {lane, 0, 0}, false));
  EXPECT_FALSE(stepAlongLane(*m.model, {lane, 0, 5}, true));
  EXPECT_FALSE(stepAlongLane(*m.model, {m.model->lanes().size(), 0, 0}, true));
}

}  // namespace
}  // namespace feedscope::view
