// The partition rule on hand-made findings: which finding becomes a part of which root, the display
// order, and what is left unexplained.
#include "analysis/finding_partition.h"

#include <gtest/gtest.h>

namespace feedscope::analysis {
namespace {

Finding make(std::string id, Severity severity, std::initializer_list<std::pair<GapCause, TimeNs>> explains) {
  Finding f;
  f.id = std::move(id);
  f.severity = severity;
  for (auto [cause, ns] : explains) f.explains[cause] = ns;
  return f;
}

std::vector<std::string> ids(const std::vector<Finding>& findings) {
  std::vector<std::string> out;
  for (const auto& f : findings) out.push_back((f.isRoot() ? "" : f.part_of + "/") + f.id);
  return out;
}

TEST(FindingPartition, AnglesOnTheSameIdleTimeArePartsOfTheirRoot) {
  std::vector<Finding> in;
  in.push_back(make("pageable_h2d", Severity::High, {{GapCause::CopyWaitPageable, 60}}));
  in.push_back(make("host_bound", Severity::High, {{GapCause::HostOther, 80}, {GapCause::HostDataLoading, 5}}));
  in.push_back(make("pageable_async_copy", Severity::High, {{GapCause::CopyWaitPageable, 40}}));
  in.push_back(make("copies_not_overlapped", Severity::High, {{GapCause::CopyWaitPageable, 60}}));
  in.push_back(make("unnamed_host_time", Severity::Low, {{GapCause::HostOther, 30}}));
  in.push_back(make("sync_dataloader", Severity::Medium, {{GapCause::HostDataLoading, 5}}));
  const std::vector<Finding> out = partitionFindings(std::move(in), 1000);
  // Roots by severity, then cost (host 85 before pageable 60); parts after their root, larger first.
  EXPECT_EQ(ids(out), (std::vector<std::string>{"host_bound", "host_bound/unnamed_host_time",
                                                "host_bound/sync_dataloader", "pageable_h2d",
                                                "pageable_h2d/copies_not_overlapped",
                                                "pageable_h2d/pageable_async_copy"}));
  EXPECT_EQ(out[0].cost_ns, 85);
  EXPECT_DOUBLE_EQ(out[0].cost_pct, 8.5);
  EXPECT_EQ(unexplainedNs(out, 200), 200 - 85 - 60);
  EXPECT_EQ(unexplainedNs(out, 100), 0);  // never negative
}

TEST(FindingPartition, AFindingOutsideItsPreferredRootsCausesIsARootOfItsOwn) {
  std::vector<Finding> in;
  in.push_back(make("pageable_h2d", Severity::High, {{GapCause::CopyWaitPageable, 60}}));
  // The pinned copies' exposure is not the pageable copies': a cause of its own.
  in.push_back(make("copies_not_overlapped", Severity::Medium, {{GapCause::CopyWaitPinned, 30}}));
  // A rule with no preferred root whose idle time a root already explains is a part of that root.
  in.push_back(make("small_copies", Severity::Low, {{GapCause::CopyWaitPinned, 10}}));
  // Nothing explains launch overhead yet: a root.
  in.push_back(make("launch_bound", Severity::Low, {{GapCause::HostLaunchOverhead, 7}}));
  const std::vector<Finding> out = partitionFindings(std::move(in), 100);
  EXPECT_EQ(ids(out), (std::vector<std::string>{"pageable_h2d", "copies_not_overlapped",
                                                "copies_not_overlapped/small_copies", "launch_bound"}));
  EXPECT_EQ(unexplainedNs(out, 100), 100 - 60 - 30 - 7);
}

TEST(FindingPartition, APartWhoseRootDidNotFireIsARoot) {
  std::vector<Finding> in;
  in.push_back(make("sync_dataloader", Severity::Medium, {{GapCause::HostDataLoading, 12}}));
  in.push_back(make("unnamed_host_time", Severity::Low, {{GapCause::HostOther, 20}}));
  const std::vector<Finding> out = partitionFindings(std::move(in), 100);
  EXPECT_TRUE(out[0].isRoot());
  EXPECT_TRUE(out[1].isRoot());
  EXPECT_EQ(unexplainedNs(out, 50), 50 - 12 - 20);
}

}  // namespace
}  // namespace feedscope::analysis
