// Lanes, rows, the starvation lane and alignment built from a known run.
#include "present/causes.h"
#include "trace/copy_names.h"
#include "view/timeline_model.h"

#include <gtest/gtest.h>

#include "view/model_fixture.h"

namespace feedscope::view {
namespace {

using testing::AnalysedModel;
using testing::kBase;
using testing::RunFixture;
using trace::IntervalKind;
using trace::MemoryKind;

trace::Session copyThenCompute() {
  RunFixture f("prefetch off");
  f.step(0, 500, 1);
  f.step(500, 900, 2);
  f.api("cudaLaunchKernel", 0, 5, 1);
  f.kernel(10, 100, 7, 1);
  f.h2d(100, 300, 1 << 20, MemoryKind::Pageable);
  f.kernel(300, 400);
  f.kernel(600, 800);
  f.memset(850, 860);
  f.copy(IntervalKind::MemcpyDtoH, 860, 870, 4, MemoryKind::Pinned);
  return f.finish();
}

TEST(TimelineModel, LanesFollowTheDisplayOrder) {
  AnalysedModel m(copyThenCompute());
  std::vector<LaneKind> kinds;
  for (const auto& lane : m.model->lanes()) kinds.push_back(lane.kind);
  EXPECT_EQ(kinds, (std::vector<LaneKind>{LaneKind::Starvation, LaneKind::Kernels, LaneKind::CopyH2D,
                                          LaneKind::CopyD2H, LaneKind::Memset, LaneKind::Steps,
                                          LaneKind::ApiCalls}));
  const Lane& kernels = m.model->lanes()[1];
  EXPECT_EQ(kernels.title, "GPU 0 stream 7 · kernels");
  EXPECT_EQ(kernels.interval_count, 3u);
  ASSERT_EQ(kernels.rows.size(), 1u);
  EXPECT_EQ(kernels.rows[0].start(2), kBase + 600);
  EXPECT_EQ(m.model->intervalCount(), 3u + 1 + 1 + 1 + 2 + 1 + m.model->lanes()[0].interval_count);
  ASSERT_EQ(m.model->runs().size(), 1u);
  EXPECT_EQ(m.model->runs()[0].lane_count, 7u);
}

// Kineto writes CUPTI's "no stream" of a context-wide synchronisation as 4294967295 ((uint32_t)-1):
// the lane says stream -1, as Perfetto does.
TEST(TimelineModel, TheUnsignedNoStreamIsShownAsStreamMinusOne) {
  RunFixture f;
  f.kernel(0, 100);
  f.kernel(200, 300, 4294967295);
  AnalysedModel m(f.finish());
  bool found = false;
  for (const auto& lane : m.model->lanes()) {
    EXPECT_EQ(lane.title.find("4294967295"), std::string::npos) << lane.title;
    if (lane.kind == LaneKind::Kernels && lane.stream == -1) {
      found = true;
      EXPECT_NE(lane.title.find("stream -1"), std::string::npos) << lane.title;
    }
  }
  EXPECT_TRUE(found);
}

TEST(TimelineModel, StarvationLaneHoldsTheCausesByGroup) {
  AnalysedModel m(copyThenCompute());
  const Lane& s = m.model->lanes()[0];
  ASSERT_TRUE(s.stacked);
  ASSERT_EQ(s.rows.size(), static_cast<std::size_t>(present::kCauseGroupCount));
  // The gap [100, 300) of the kernels is covered by a pageable copy: copy wait.
  const Row& copyWait = s.rows[static_cast<std::size_t>(present::CauseGroup::CopyWait)];
  ASSERT_EQ(copyWait.size(), 1u);
  EXPECT_EQ(copyWait.start(0), kBase + 100);
  EXPECT_EQ(copyWait.end(0), kBase + 300);
  EXPECT_EQ(TimelineModel::starvationCause(copyWait, 0), analysis::GapCause::CopyWaitPageable);
  EXPECT_EQ(m.model->intervalName(s, copyWait, 0), "copy wait (pageable)");
  EXPECT_EQ(m.model->intervalColor(s, copyWait, 0), palette::kCopyWaitPageable);
  // Every cause segment of the analysis is in exactly one row.
  std::size_t segments = 0;
  for (const auto& row : s.rows) segments += row.size();
  EXPECT_EQ(segments, m.analyses[0].devices[0].timeline.causes.size());
}

// The cause of a starvation interval is a column of its own beside the intervals, the analysis' cause
// of that segment, and nothing of it is left in another column to decode.
TEST(TimelineModel, StarvationCausesAreAColumnOfTheirOwn) {
  AnalysedModel m(copyThenCompute());
  const Lane& s = m.model->lanes()[0];
  const auto& causes = m.analyses[0].devices[0].timeline.causes;
  std::size_t matched = 0;
  for (const Row& row : s.rows) {
    for (std::size_t i = 0; i < row.size(); ++i) {
      ASSERT_TRUE(row.cause(i).has_value());
      EXPECT_EQ(row.columns().flags[row.position(i)], 0);
      for (const auto& seg : causes) {
        if (seg.start == row.start(i) && seg.end == row.end(i)) {
          EXPECT_EQ(*row.cause(i), seg.cause);
          EXPECT_EQ(present::causeGroup(seg.cause), static_cast<present::CauseGroup>(&row - s.rows.data()));
          ++matched;
        }
      }
    }
  }
  EXPECT_EQ(matched, causes.size());
  // A row of a track's lane has no cause column.
  EXPECT_FALSE(m.model->lanes()[1].rows[0].cause(0).has_value());
}

TEST(TimelineModel, CopiesAreNamedAndColouredAsUsersKnowThem) {
  AnalysedModel m(copyThenCompute());
  const Lane& h2d = m.model->lanes()[m.lane(LaneKind::CopyH2D)];
  EXPECT_EQ(m.model->intervalName(h2d, h2d.rows[0], 0), "Memcpy HtoD (Pageable -> Device)");
  EXPECT_EQ(m.model->intervalColor(h2d, h2d.rows[0], 0), palette::kH2dPageable);
  const Lane& d2h = m.model->lanes()[m.lane(LaneKind::CopyD2H)];
  EXPECT_EQ(m.model->intervalName(d2h, d2h.rows[0], 0), "Memcpy DtoH (Device -> Pinned)");
  EXPECT_EQ(trace::copyDisplayName(IntervalKind::MemcpyHtoD, MemoryKind::Pinned, MemoryKind::Device),
            "Memcpy HtoD (Pinned -> Device)");
  // Host ranges: the same colour for every step, whatever its number.
  EXPECT_EQ(present::nameColor("ProfilerStep#3"), present::nameColor("ProfilerStep#12"));
  EXPECT_NE(present::nameColor("ProfilerStep#3"), present::nameColor("DataLoader"));
}

TEST(TimelineModel, AlignmentMovesEachRunsOrigin) {
  RunFixture a("a");
  a.kernel(100, 200);
  a.step(50, 300, 1);
  trace::Session session = a.finish();
  RunFixture b("b");
  b.kernel(5000, 5100);
  b.step(4000, 6000, 1);
  session.runs.push_back(std::move(b.finish().runs.back()));
  // Both runs use the same fixture names ("ProfilerStep#1", "kernel") interned in the same order.
  AnalysedModel m(std::move(session));
  const auto& runs = m.model->runs();
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].origin, kBase + 50);
  EXPECT_EQ(runs[1].origin, kBase + 4000);
  EXPECT_EQ(m.model->alignment(), Alignment::RunStart);  // the default: the reports' time 0
  EXPECT_DOUBLE_EQ(m.model->toDisplay(1, kBase + 5000), 1000);
  m.model->setAlignment(Alignment::GpuStart);
  EXPECT_EQ(runs[0].origin, kBase + 100);
  EXPECT_EQ(runs[1].origin, kBase + 5000);
  m.model->setAlignment(Alignment::Absolute);
  EXPECT_EQ(runs[0].origin, kBase + 50);
  EXPECT_EQ(runs[1].origin, kBase + 50);
  EXPECT_EQ(m.model->contentRange(), (TimeRange{0, 5950}));
  EXPECT_EQ(m.model->toRunClock(1, 1000.4), kBase + 1050);
}

TEST(TimelineModel, BuildStopsWhenCancelled) {
  trace::Session s = copyThenCompute();
  auto analysis = analysis::analyzeRun(s.runs[0], s.strings);
  std::atomic<bool> cancelled{true};
  EXPECT_THROW(TimelineModel::build({{&s.runs[0], &s.strings, &analysis}}, &cancelled), BuildCancelled);
}

}  // namespace
}  // namespace feedscope::view
