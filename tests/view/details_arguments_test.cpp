// Details shows every argument the trace gave an interval, after the fields it names itself.
#include <gtest/gtest.h>

#include "importers/kineto_import.h"
#include "support/temp_dir.h"
#include "view/describe.h"
#include "view/model_fixture.h"

namespace feedscope::view {
namespace {

TEST(DetailsArguments, AKernelShowsItsLaunchConfigurationOnce) {
  testing::TempDir dir;
  trace::Session s;
  io::importKinetoFile(dir.file("k.json", R"json({"traceEvents": [
    {"ph": "X", "cat": "kernel", "name": "gemm", "pid": 0, "tid": 7, "ts": 10, "dur": 5,
     "args": {"device": 0, "stream": 7, "correlation": 3, "grid": [8, 1, 1], "block": [544, 1, 1],
              "registers per thread": 96, "shared memory": 87568, "est. achieved occupancy %": 25,
              "Collective name": "allreduce"}}]})json"),
                       s);
  testing::AnalysedModel m(std::move(s));
  const Description d = describeInterval(*m.model, m.lane(LaneKind::Kernels), 0, 0);
  ASSERT_NE(d.find("grid"), nullptr);
  EXPECT_EQ(*d.find("grid"), "[8, 1, 1]");
  EXPECT_EQ(*d.find("block"), "[544, 1, 1]");
  EXPECT_EQ(*d.find("registers per thread"), "96");
  EXPECT_EQ(*d.find("shared memory"), "87568");
  EXPECT_EQ(*d.find("est. achieved occupancy %"), "25");
  EXPECT_EQ(*d.find("Collective name"), "allreduce");  // a string without its quotes
  // stream, device and correlation are Details' own fields: not repeated from the arguments.
  std::size_t correlations = 0;
  for (const Field& f : d.fields) correlations += f.key == "correlation" ? 1 : 0;
  EXPECT_EQ(correlations, 1u);
  EXPECT_EQ(*d.find("correlation"), "3");
  EXPECT_NE(toText(d).find("registers per thread: 96"), std::string::npos);  // what Copy puts on the clipboard
}

}  // namespace
}  // namespace feedscope::view
