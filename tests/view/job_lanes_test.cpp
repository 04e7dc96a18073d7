// docs/gui.md "Jobs": ranks of a job on the job's clock, each rank's waits for its peers drawn in the
// late rank's colour, a wait jumping to where that rank arrived, and no A/B lanes between ranks. The
// job comes from the generator, whose parameters give the answers.
#include <gtest/gtest.h>

#include "importers/kineto_import.h"
#include "job/job_analysis.h"
#include "job/job_grouping.h"
#include "support/job_generator.h"
#include "view/draw_list.h"
#include "view/job_view.h"
#include "view/lane_layout.h"
#include "view/peer_wait_jump.h"
#include "view/timeline_model.h"

namespace feedscope::view {
namespace {

struct OpenedJob {
  std::vector<trace::StringTable> strings;
  std::vector<trace::Run> runs;
  std::vector<analysis::RunAnalysis> analyses;
  std::vector<job::JobAnalysis> jobs;
  JobView view;
  std::unique_ptr<TimelineModel> model;
};

// Four ranks; rank 2 loads its data 8 ms longer every step; the ranks' clocks disagree by milliseconds.
std::unique_ptr<OpenedJob> openJob() {
  testing::JobSpec spec;
  spec.world_size = 4;
  spec.steps = 6;
  spec.straggler = 2;
  spec.cause = "data_loading";
  spec.extra_ns = 8'000'000;
  spec.clock_offset_ns = {0, 3'000'000, -2'000'000, 5'000'123};
  auto o = std::make_unique<OpenedJob>();
  o->strings.resize(4);
  for (int r = 0; r < 4; ++r) {
    o->runs.push_back(io::importKinetoJson(testing::jobRankTrace(spec, r), o->strings[static_cast<std::size_t>(r)],
                                           "rank" + std::to_string(r), "inline"));
  }
  std::vector<const trace::Run*> runs;
  std::vector<const trace::StringTable*> strings;
  for (int r = 0; r < 4; ++r) {
    o->analyses.push_back(analysis::analyzeRun(o->runs[static_cast<std::size_t>(r)], o->strings[static_cast<std::size_t>(r)]));
    runs.push_back(&o->runs[static_cast<std::size_t>(r)]);
    strings.push_back(&o->strings[static_cast<std::size_t>(r)]);
  }
  std::vector<const analysis::RunAnalysis*> analyses;
  for (const auto& a : o->analyses) analyses.push_back(&a);
  for (const auto& g : job::findJobs(runs, strings)) o->jobs.push_back(job::analyzeJob(g, runs, analyses, strings, "job"));
  o->view = buildJobView(o->jobs, 4);
  std::vector<RunInput> inputs;
  for (std::size_t r = 0; r < 4; ++r) {
    inputs.push_back({&o->runs[r], &o->strings[r], &o->analyses[r], o->view.ranks[r] ? &*o->view.ranks[r] : nullptr});
  }
  o->model = std::make_unique<TimelineModel>(TimelineModel::build(inputs));
  return o;
}

TEST(JobLanes, WaitsForTheLateRankLineUpWithItsArrivalOnTheJobsClock) {
  auto o = openJob();
  ASSERT_EQ(o->jobs.size(), 1u);
  ASSERT_FALSE(o->view.empty());
  TimelineModel& model = *o->model;
  EXPECT_TRUE(model.hasJobs());
  model.setAlignment(Alignment::JobClock);
  std::size_t waitLanes = 0;
  for (const Lane& lane : model.lanes()) {
    EXPECT_NE(lane.kind, LaneKind::IdleDifference) << "ranks of one job are not A/B-compared";
    if (lane.kind != LaneKind::PeerWait) continue;
    if (lane.run == 2) {
      EXPECT_EQ(lane.interval_count, 0u) << "the late rank waited for nobody";
      continue;
    }
    ++waitLanes;
    // Every step, every other rank waited the straggler's 8 ms extra (less than its kernel's 9 ms).
    ASSERT_EQ(lane.interval_count, 6u) << lane.title;
    const Row& row = lane.rows[0];
    for (std::size_t i = 0; i < row.size(); ++i) {
      const PeerWait* w = row.peerWait(i);
      ASSERT_NE(w, nullptr);
      EXPECT_EQ(w->late_rank, 2);
      EXPECT_EQ(w->late_run, 2u);
      EXPECT_EQ(row.end(i) - row.start(i), 8'000'000);
      EXPECT_EQ(model.intervalColor(lane, row, i), present::runColor(2));
      // On the job's clock the wait ends where the late rank arrived, whatever the clock offsets.
      EXPECT_EQ(model.toDisplay(lane.run, row.end(i)), model.toDisplay(2, w->late_arrival_ns)) << lane.title << " " << i;
      // And a click there jumps to that rank's collective kernel.
      const std::optional<ItemRef> arrival = lateArrivalOf(model, *w);
      ASSERT_TRUE(arrival);
      const Lane& kernels = model.lanes()[arrival->lane];
      EXPECT_EQ(kernels.run, 2u);
      EXPECT_EQ(kernels.rows[arrival->row].start(arrival->item), w->late_arrival_ns);
      EXPECT_NE(model.intervalName(kernels, kernels.rows[arrival->row], arrival->item).find("ncclKernel_AllReduce"),
                std::string::npos);
    }
  }
  EXPECT_EQ(waitLanes, 3u);
}

TEST(JobLanes, WaitsAreDrawnHatched) {
  auto o = openJob();
  TimelineModel& model = *o->model;
  model.setAlignment(Alignment::JobClock);
  LaneLayout layout = layoutLanes(model, {});
  Viewport v;
  v.setWidth(4000);
  v.setContent(model.contentRange());
  v.showRange(model.contentRange());
  DrawList list = buildDrawList(model, layout, v, 0, layout.height);
  std::size_t hatched = 0;
  for (const DrawBox& b : list.boxes) {
    const Lane& lane = model.lanes()[layout.row_slots[b.slot].lane];
    if (lane.kind != LaneKind::PeerWait) continue;
    EXPECT_EQ(b.style & box_style::kHatched, box_style::kHatched);
    EXPECT_EQ(b.color, present::runColor(2));
    ++hatched;
  }
  EXPECT_EQ(hatched, 18u);  // 3 ranks x 6 steps, each 8 ms wide: boxes at this zoom
}

}  // namespace
}  // namespace feedscope::view
