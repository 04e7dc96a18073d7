// The workload's host lanes in a run: loader tracks, the main thread's waits and steps, and what the
// analysis makes of them.
#include "workload/host_lanes.h"

#include <gtest/gtest.h>

#include "analysis/steps.h"
#include "trace/session.h"

namespace feedscope::workload {
namespace {

TEST(HostLanes, BecomeLoaderTracksAndTheMainThreadsStepsAndWaits) {
  HostLanes lanes;
  lanes.loaderWork(0, 1'000, 21'000, 0);
  lanes.loaderWork(1, 1'500, 20'500, 1);
  lanes.loaderWork(0, 21'000, 40'000, 2);
  lanes.waitForBatch(2'000, 21'000, 0);
  for (int s = 0; s < 3; ++s)
    lanes.step(2'000 + s * 30'000, 31'000 + s * 30'000, static_cast<std::uint64_t>(s));

  trace::Session session;
  trace::RunBuilder builder("on");
  lanes.addTo(builder, session.strings, 4242, 4250);
  session.runs.push_back(builder.finish());
  const trace::Run& run = session.runs[0];

  ASSERT_EQ(run.tracks.size(), 3u);
  const trace::Track& main = run.tracks[0];  // host threads before loader workers
  EXPECT_EQ(main.kind, trace::TrackKind::HostThread);
  EXPECT_EQ(main.pid, 4242);
  EXPECT_EQ(main.tid, 4250);
  EXPECT_EQ(main.name, "main thread (pid 4242, tid 4250)");
  ASSERT_EQ(main.intervals.size(), 4u);
  EXPECT_EQ(main.intervals.kind[0], trace::IntervalKind::DataLoading);
  EXPECT_EQ(main.intervals.kind[1], trace::IntervalKind::Step);
  EXPECT_EQ(session.strings.get(main.intervals.name[0]), "wait for batch 0");
  const trace::Track& worker0 = run.tracks[1];
  EXPECT_EQ(worker0.kind, trace::TrackKind::Loader);
  EXPECT_EQ(worker0.name, "loader worker 0");
  ASSERT_EQ(worker0.intervals.size(), 2u);
  EXPECT_EQ(worker0.intervals.kind[0], trace::IntervalKind::LoaderWork);
  EXPECT_EQ(session.strings.get(worker0.intervals.name[1]), "load batch 2");

  std::vector<analysis::StepWindow> steps = analysis::findSteps(run, session.strings);
  ASSERT_EQ(steps.size(), 3u);
  EXPECT_EQ(steps[2].number, 2);
  EXPECT_EQ(steps[2].span.start, 62'000);

  EXPECT_EQ(lanes.medianStepNs(), 29'000);
  EXPECT_EQ(lanes.medianLoaderWorkNs(), 19'000);  // of 20, 19 and 19 µs
}

}  // namespace
}  // namespace feedscope::workload
