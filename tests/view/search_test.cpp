// Search by name: match counts, case, copies named by kind, time-ordered stepping across lanes and
// runs, and the marks one frame gets.
#include "view/search.h"

#include <gtest/gtest.h>

#include "view/model_fixture.h"

namespace feedscope::view {
namespace {

using testing::AnalysedModel;
using testing::RunFixture;

// Stream 7: gemm at 0, 300, 600; relu at 100, 400. Stream 8: gemm_big at 200. A pageable H2D copy
// without a name at 50 on stream 9, and an API call cudaLaunchKernel at 10.
trace::Session mixed() {
  RunFixture f;
  f.kernel(0, 50, 7, 0, 0, "sm90_gemm");
  f.kernel(100, 150, 7, 0, 0, "relu");
  f.kernel(300, 350, 7, 0, 0, "sm90_gemm");
  f.kernel(400, 450, 7, 0, 0, "relu");
  f.kernel(600, 650, 7, 0, 0, "sm90_gemm");
  f.kernel(200, 260, 8, 0, 0, "GEMM_big");
  f.h2d(50, 90, 1 << 20, trace::MemoryKind::Pageable, 9);
  f.api("cudaLaunchKernel", 10, 20, 1);
  return f.finish();
}

std::size_t startOf(const TimelineModel& model, const ItemRef& ref) {
  return static_cast<std::size_t>(itemRange(model, ref).start - itemRange(model, {ref.lane, ref.row, 0}).start);
}

TEST(Search, CountsMatchesIgnoringCase) {
  AnalysedModel m(mixed());
  auto gemm = SearchResult::find(*m.model, "GEMM");
  EXPECT_EQ(gemm.count(), 4u);  // three sm90_gemm and GEMM_big
  EXPECT_EQ(SearchResult::find(*m.model, "relu").count(), 2u);
  EXPECT_EQ(SearchResult::find(*m.model, "nothing like it").count(), 0u);
  auto empty = SearchResult::find(*m.model, "");
  EXPECT_FALSE(empty.active());
  EXPECT_EQ(empty.count(), 0u);
  EXPECT_FALSE(empty.first(*m.model).has_value());
}

TEST(Search, FindsCopiesByTheNameTheyAreShownBy) {
  AnalysedModel m(mixed());
  // The copy has no name in the trace; the timeline calls it "Memcpy HtoD (Pageable -> Device)".
  auto r = SearchResult::find(*m.model, "htod (pageable");
  ASSERT_EQ(r.count(), 1u);
  auto ref = r.first(*m.model);
  ASSERT_TRUE(ref);
  EXPECT_EQ(m.model->lanes()[ref->lane].kind, LaneKind::CopyH2D);
  EXPECT_EQ(SearchResult::find(*m.model, "cudaLaunch").count(), 1u);
}

TEST(Search, StarvationSegmentsAreNotSearched) {
  AnalysedModel m(mixed());
  // The gap causes are named "copy wait", "host wait" ... in the derived lane.
  EXPECT_EQ(SearchResult::find(*m.model, "wait").count(), 0u);
}

TEST(Search, StepsThroughMatchesInTimeOrderAcrossLanesAndWraps) {
  AnalysedModel m(mixed());
  auto r = SearchResult::find(*m.model, "gemm");
  const std::size_t s7 = m.lane(LaneKind::Kernels, 7), s8 = m.lane(LaneKind::Kernels, 8);
  auto first = r.first(*m.model);
  ASSERT_TRUE(first);
  EXPECT_EQ(*first, (ItemRef{s7, 0, 0}));  // sm90_gemm at 0
  EXPECT_EQ(r.ordinal(*m.model, *first), 0u);
  auto second = r.next(*m.model, *first);
  EXPECT_EQ(*second, (ItemRef{s8, 0, 0}));  // GEMM_big at 200, on the other stream
  EXPECT_EQ(r.ordinal(*m.model, *second), 1u);
  auto third = r.next(*m.model, *second);
  EXPECT_EQ(*third, (ItemRef{s7, 0, 2}));  // sm90_gemm at 300 (relu at 100 is item 1)
  auto fourth = r.next(*m.model, *third);
  EXPECT_EQ(*fourth, (ItemRef{s7, 0, 4}));
  EXPECT_EQ(r.ordinal(*m.model, *fourth), 3u);
  EXPECT_EQ(*r.next(*m.model, *fourth), *first);  // wraps
  EXPECT_EQ(*r.previous(*m.model, *first), *fourth);
  EXPECT_EQ(*r.previous(*m.model, *third), *second);
  EXPECT_EQ(*r.last(*m.model), *fourth);
  // From a time: the first match starting at or after it.
  double t = itemRange(*m.model, {s7, 0, 1}).start;  // relu at 100
  EXPECT_EQ(*r.firstFrom(*m.model, t), *second);
  EXPECT_TRUE(r.contains({s7, 0, 2}));
  EXPECT_FALSE(r.contains({s7, 0, 1}));
  EXPECT_TRUE(r.anyIn(s7, 0, 1, 3));
  EXPECT_FALSE(r.anyIn(s7, 0, 1, 2));
  EXPECT_EQ(startOf(*m.model, *third), 300u);
}

TEST(Search, StepsAcrossRuns) {
  RunFixture a("a"), b("b");
  a.kernel(0, 10, 7, 0, 0, "loss");
  trace::Session sa = a.finish();
  b.kernel(5, 15, 7, 0, 0, "loss");
  trace::Session sb = b.finish();
  // Both runs in one session, sharing one string table.
  trace::Session both;
  both.strings = sa.strings;
  both.runs.push_back(std::move(sa.runs[0]));
  for (auto& run : sb.runs) {
    for (auto& t : run.tracks) {
      for (auto& n : t.intervals.name) n = both.strings.intern(sb.strings.get(n));
    }
    both.runs.push_back(std::move(run));
  }
  AnalysedModel m(std::move(both));
  m.model->setAlignment(Alignment::RunStart);
  auto r = SearchResult::find(*m.model, "loss");
  EXPECT_EQ(r.count(), 2u);
  auto first = *r.first(*m.model);
  auto second = *r.next(*m.model, first);
  EXPECT_EQ(m.model->lanes()[first.lane].run, 0u);  // both start at display 0: run order breaks the tie
  EXPECT_EQ(m.model->lanes()[second.lane].run, 1u);
}

TEST(Search, MarksMatchingBoxesAndFoldColumnsOfAFrame) {
  RunFixture f;
  // 1000 short kernels, every tenth named "needle", and one long "needle_long".
  for (int k = 0; k < 1000; ++k) f.kernel(100 * k, 100 * k + 10, 7, 0, 0, k % 10 == 0 ? "needle" : "hay");
  f.kernel(0, 90'000, 8, 0, 0, "needle_long");
  AnalysedModel m(f.finish());
  auto r = SearchResult::find(*m.model, "needle");
  EXPECT_EQ(r.count(), 101u);
  LaneLayout layout = layoutLanes(*m.model, defaultCollapsed(*m.model));
  Viewport v;
  v.setWidth(1000);
  v.setContent(m.model->contentRange());
  v.fit();
  DrawList list = buildDrawList(*m.model, layout, v, 0, layout.height);
  SearchMarks marks = markMatches(r, list, layout);
  ASSERT_EQ(marks.box_matches.size(), list.boxes.size());
  std::size_t matchingBoxes = 0;
  for (std::size_t b = 0; b < list.boxes.size(); ++b) {
    if (marks.box_matches[b] == 0) continue;
    ++matchingBoxes;
    EXPECT_EQ(m.model->lanes()[layout.row_slots[list.boxes[b].slot].lane].stream, 8);
  }
  EXPECT_EQ(matchingBoxes, 1u);  // the long kernel is a box; the short ones are folded
  // Fold columns with a "needle" in them: 100 of them, one every 10 µs over a 100 µs run at ~100 ns/px,
  // so each lies in its own column.
  EXPECT_EQ(marks.fold_columns.size(), 100u);
  EXPECT_TRUE(markMatches(SearchResult::find(*m.model, ""), list, layout).fold_columns.empty());
}

}  // namespace
}  // namespace feedscope::view
