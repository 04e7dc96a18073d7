// Findings partition the starvation on every real trace we have: per GPU the root findings' costs add
// up to at most the starvation, no two roots point at the same time, every part names a root of its
// GPU and explains only idle time its root explains (docs/metrics.md, "Findings partition the
// starvation").
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "analysis/finding_partition.h"
#include "analysis/run_analysis.h"
#include "analysis/span_set.h"
#include "importers/kineto_import.h"

namespace feedscope::io {
namespace {

class RealTrace : public ::testing::TestWithParam<const char*> {};

TEST_P(RealTrace, RootFindingsPartitionTheStarvation) {
  trace::Session session;
  trace::Run& run = importKinetoFile(std::string(FEEDSCOPE_TEST_DATA_DIR) + "/" + GetParam(), session);
  const analysis::RunAnalysis ra = analysis::analyzeRun(run, session.strings);
  for (const analysis::DeviceAnalysis& d : ra.devices) {
    SCOPED_TRACE("GPU " + std::to_string(d.device));
    trace::TimeNs rootCost = 0;
    analysis::SpanList rootEvidence;
    std::size_t evidenceCount = 0;
    for (const analysis::Finding& f : d.findings) {
      SCOPED_TRACE(f.id);
      EXPECT_EQ(f.device, d.device);
      EXPECT_EQ(f.cost_ns, f.explains.total());
      EXPECT_GE(f.cost_ns, 0);
      if (f.isRoot()) {
        rootCost += f.cost_ns;
        // A root that explains no idle time (a verdict's: no host side, no input path) is outside the
        // partition: its evidence may be what other roots show.
        if (f.cost_ns == 0) continue;
        for (const auto& r : f.ranges) {
          rootEvidence.push_back(r.span);
          ++evidenceCount;
        }
        continue;
      }
      // A part: its root is a root finding of the same GPU, listed before it, and explains at least
      // the idle time of every cause the part explains.
      auto root = std::find_if(d.findings.begin(), d.findings.end(),
                               [&](const analysis::Finding& r) { return r.id == f.part_of && r.isRoot(); });
      ASSERT_NE(root, d.findings.end()) << "part of " << f.part_of;
      EXPECT_LT(root - d.findings.begin(), &f - d.findings.data());
      for (int c = 0; c < analysis::kGapCauseCount; ++c) {
        EXPECT_LE(f.explains.ns[static_cast<std::size_t>(c)], root->explains.ns[static_cast<std::size_t>(c)]);
      }
    }
    EXPECT_LE(rootCost, d.whole.starvation_ns);
    EXPECT_EQ(d.unexplained_ns, d.whole.starvation_ns - rootCost);
    // No two roots share their evidence: the union of all root evidence is as long as its parts.
    trace::TimeNs summed = 0;
    for (const analysis::Span& s : rootEvidence) summed += s.length();
    EXPECT_EQ(analysis::totalLength(analysis::unionOf(rootEvidence)), summed) << evidenceCount << " ranges";
    // Host wait by name adds up to "host: other" exactly.
    EXPECT_EQ(d.host_other.namedNs() + d.host_other.unnamed_ns, d.whole.gaps[analysis::GapCause::HostOther]);
  }
}

INSTANTIATE_TEST_SUITE_P(Fixtures, RealTrace,
                         ::testing::Values("h200/h200_naive.json.gz", "h200/h200_prefetch.json.gz",
                                           "h200/h200_trap.json.gz", "h200/h200_custombatch.json.gz",
                                           "h200/h200_stream.json.gz", "kineto/a100_simple_add.json.gz",
                                           "kineto/compare_base.json.gz", "kineto/compare_test.json.gz",
                                           "kineto/sampled_rank0.json.gz", "kineto/ns_resolution_rank0.json.gz",
                                           "kineto/mi250_rocm.json.gz"),
                         [](const auto& param) {
                           std::string name = param.param;
                           name = name.substr(name.find('/') + 1);
                           name = name.substr(0, name.find('.'));
                           return name;
                         });

// On the trap every finding is about the same 32 copies or the host: two roots, the rest their parts.
TEST(FindingsAddUp, TheTrapIsTwoCausesWithTheirAngles) {
  trace::Session session;
  trace::Run& run = importKinetoFile(std::string(FEEDSCOPE_TEST_DATA_DIR) + "/h200/h200_trap.json.gz", session);
  const analysis::RunAnalysis ra = analysis::analyzeRun(run, session.strings);
  const analysis::DeviceAnalysis& d = ra.devices.at(0);
  std::vector<std::string> roots;
  for (const auto& f : d.findings) {
    if (f.isRoot()) roots.push_back(f.id);
  }
  std::sort(roots.begin(), roots.end());
  EXPECT_EQ(roots, (std::vector<std::string>{"host_bound", "pageable_h2d"}));
  auto get = [&](std::string_view id) {
    return *std::find_if(d.findings.begin(), d.findings.end(), [&](const auto& f) { return f.id == id; });
  };
  // The pageable copies' wait is the root's cost; the trap and the missing overlap are parts of it.
  EXPECT_EQ(get("pageable_h2d").cost_ns, d.whole.gaps[analysis::GapCause::CopyWaitPageable]);
  EXPECT_EQ(get("pageable_async_copy").part_of, "pageable_h2d");
  EXPECT_EQ(get("copies_not_overlapped").part_of, "pageable_h2d");
  // The trap's host time is host time: 16 calls of about 5.5 ms, told apart from the GPU's idle time.
  EXPECT_GT(get("pageable_async_copy").host_ns, 80'000'000);
  EXPECT_LE(get("pageable_async_copy").cost_ns, get("pageable_h2d").cost_ns);
  EXPECT_EQ(get("host_bound").cost_ns, d.whole.gaps.hostWait());
  // Together they explain all but the dependency time.
  EXPECT_EQ(d.unexplained_ns, d.whole.gaps[analysis::GapCause::DependencyOther]);
}

}  // namespace
}  // namespace feedscope::io
