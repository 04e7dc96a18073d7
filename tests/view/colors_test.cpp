// One colour per item at every zoom: a folded column takes the colour its intervals have as boxes,
// and steps are one colour in every run (docs/gui.md, colours).
#include <gtest/gtest.h>

#include <set>

#include "view/draw_list.h"
#include "view/model_fixture.h"

namespace feedscope::view {
namespace {

using testing::AnalysedModel;
using testing::RunFixture;

Viewport viewOf(const TimelineModel& model, TimeRange range, double width = 1000) {
  Viewport v;
  v.setWidth(width);
  v.setContent(model.contentRange());
  v.showRange(range);
  return v;
}

// Colours of the boxes and folds drawn for lane `lane`.
std::set<Rgb> coloursOf(const DrawList& list, const LaneLayout& layout, std::size_t lane) {
  std::set<Rgb> colours;
  for (std::size_t s = 0; s < layout.row_slots.size(); ++s) {
    if (layout.row_slots[s].lane != lane) continue;
    for (auto b = list.slot_boxes[s].begin; b < list.slot_boxes[s].end; ++b)
      colours.insert(list.boxes[b].color);
    for (auto f = list.slot_folds[s].begin; f < list.slot_folds[s].end; ++f)
      colours.insert(list.folds[f].color);
  }
  return colours;
}

TEST(Colours, AFoldedColumnHasTheColourItsIntervalsHaveAsBoxes) {
  RunFixture f;
  for (int k = 0; k < 2000; ++k)
    f.api("cudaLaunchKernel", 100 * k, 100 * k + 10, static_cast<std::uint32_t>(k + 1));
  f.kernel(0, 10);
  AnalysedModel m(f.finish());
  std::size_t lane = m.lane(LaneKind::ApiCalls);
  LaneLayout layout = layoutLanes(*m.model, {});
  DrawList out = buildDrawList(*m.model, layout, viewOf(*m.model, {0, 200'000}), 0, layout.height);
  DrawList in = buildDrawList(*m.model, layout, viewOf(*m.model, {0, 200}), 0, layout.height);
  ASSERT_FALSE(out.folds.empty());
  ASSERT_FALSE(in.boxes.empty());
  EXPECT_EQ(coloursOf(out, layout, lane), coloursOf(in, layout, lane));
  EXPECT_EQ(coloursOf(in, layout, lane), std::set<Rgb>{present::nameColor("cudaLaunchKernel")});
}

TEST(Colours, StepsAreOneColourInEveryRunWhateverTheirNames) {
  RunFixture a;
  a.step(0, 1000, 1);
  a.kernel(0, 10);
  RunFixture b;
  b.host(trace::IntervalKind::Step, "train_step_1", 0, 1000);
  b.kernel(0, 10);
  AnalysedModel ma(a.finish()), mb(b.finish());
  const Lane& la = ma.model->lanes()[ma.lane(LaneKind::Steps)];
  const Lane& lb = mb.model->lanes()[mb.lane(LaneKind::Steps)];
  EXPECT_EQ(ma.model->intervalColor(la, la.rows[0], 0), palette::kStep);
  EXPECT_EQ(mb.model->intervalColor(lb, lb.rows[0], 0), palette::kStep);
}

}  // namespace
}  // namespace feedscope::view
