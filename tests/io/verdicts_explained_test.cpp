// Every verdict other than "not input-bound" is explained by a finding with evidence, on every trace in
// tests/data (issue "Verdicts that doubt"): "Findings: none" under "moderately input-bound" never again.
// The traces are found by walking the folder, so a trace added there is checked too.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "analysis/run_analysis.h"
#include "importers/kineto_import.h"

namespace feedscope::io {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> tracesInTestsData() {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(FEEDSCOPE_TEST_DATA_DIR)) {
    const std::string p = e.path().string();
    if (e.is_regular_file() && p.size() > 8 && p.substr(p.size() - 8) == ".json.gz") out.push_back(p);
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Verdicts, EveryVerdictButNotInputBoundIsExplainedByAFindingWithEvidence) {
  const std::vector<std::string> traces = tracesInTestsData();
  ASSERT_GE(traces.size(), 15u);  // the H200 five, HTA's and TraceLens's
  std::size_t devices = 0, explained = 0;
  for (const std::string& path : traces) {
    trace::Session session;
    trace::Run& run = importKinetoFile(path, session);
    const analysis::RunAnalysis ra = analysis::analyzeRun(run, session.strings);
    for (const analysis::DeviceAnalysis& d : ra.devices) {
      ++devices;
      if (d.verdict == analysis::InputBoundVerdict::NotInputBound) continue;
      const bool withEvidence = std::any_of(d.findings.begin(), d.findings.end(), [](const analysis::Finding& f) {
        return !f.ranges.empty() && !f.sentence.empty();
      });
      EXPECT_TRUE(withEvidence) << path << " GPU " << d.device << ": " << analysis::verdictKey(d.verdict)
                                << " with no finding that shows its evidence";
      ++explained;
    }
  }
  EXPECT_GT(devices, 0u);
  EXPECT_GT(explained, 0u);
}

}  // namespace
}  // namespace feedscope::io
