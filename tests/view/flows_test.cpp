// Flows: an API call and the GPU operation it launched, found from either end by correlation id.
#include "view/flows.h"

#include <gtest/gtest.h>

#include "view/model_fixture.h"

namespace feedscope::view {
namespace {

using testing::AnalysedModel;
using testing::RunFixture;

trace::Session launches() {
  RunFixture f;
  f.api("cudaLaunchKernel", 0, 5, 41);
  f.kernel(10, 50, 7, 41, 0, "gemm");
  f.api("cudaMemcpyAsync", 60, 65, 42);
  f.h2d(70, 90, 1 << 20, trace::MemoryKind::Pinned, 7, 42);
  f.kernel(100, 150, 7, 0, 0, "uncorrelated");
  f.api("cudaLaunchKernel", 160, 165, 43);  // its kernel is not in the trace
  return f.finish();
}

TEST(Flows, AnApiCallLeadsToTheKernelItLaunchedAndBack) {
  AnalysedModel m(launches());
  const std::size_t api = m.lane(LaneKind::ApiCalls), kernels = m.lane(LaneKind::Kernels);
  auto flow = flowOf(*m.model, {api, 0, 0});
  ASSERT_TRUE(flow);
  EXPECT_EQ(flow->launch, (ItemRef{api, 0, 0}));
  EXPECT_EQ(flow->operation, (ItemRef{kernels, 0, 0}));
  auto back = flowOf(*m.model, {kernels, 0, 0});
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, *flow);
  EXPECT_EQ(otherEnd(*flow, flow->launch), flow->operation);
  EXPECT_EQ(otherEnd(*flow, flow->operation), flow->launch);
}

TEST(Flows, AMemcpyCallLeadsToItsCopy) {
  AnalysedModel m(launches());
  const std::size_t api = m.lane(LaneKind::ApiCalls), h2d = m.lane(LaneKind::CopyH2D);
  auto flow = flowOf(*m.model, {api, 0, 1});
  ASSERT_TRUE(flow);
  EXPECT_EQ(flow->operation, (ItemRef{h2d, 0, 0}));
}

TEST(Flows, NoFlowWithoutACorrelationOrAnOtherEnd) {
  AnalysedModel m(launches());
  const std::size_t api = m.lane(LaneKind::ApiCalls), kernels = m.lane(LaneKind::Kernels);
  EXPECT_FALSE(flowOf(*m.model, {kernels, 0, 1}));  // correlation 0
  EXPECT_FALSE(flowOf(*m.model, {api, 0, 2}));      // its kernel is missing
  EXPECT_FALSE(flowOf(*m.model, {m.lane(LaneKind::Starvation), 0, 0}));
  EXPECT_FALSE(flowOf(*m.model, {kernels, 0, 99}));  // out of range
}

TEST(Flows, FoundFarFromWhereTheyAreExpected) {
  // The kernel runs long after its launch, past the near window of thousands of items.
  RunFixture f;
  f.api("cudaLaunchKernel", 0, 5, 7);
  for (int k = 0; k < 10'000; ++k) f.kernel(10 + 10 * k, 15 + 10 * k, 7, 100'000 + static_cast<std::uint32_t>(k));
  f.kernel(200'000, 200'010, 7, 7, 0, "late");
  AnalysedModel m(f.finish());
  auto flow = flowOf(*m.model, {m.lane(LaneKind::ApiCalls), 0, 0});
  ASSERT_TRUE(flow);
  EXPECT_EQ(flow->operation.item, 10'000u);
  // A hover looks near only: too far for it, found again by a click.
  EXPECT_FALSE(flowOf(*m.model, {m.lane(LaneKind::ApiCalls), 0, 0}, /*nearOnly=*/true));
}

}  // namespace
}  // namespace feedscope::view
