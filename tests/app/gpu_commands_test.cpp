// The GPU commands (devices, demo, calibrate) where CI runs them: no GPU, maybe no CUDA at all. One
// line and exit code 3; bad usage exit code 2 before anything runs; nothing written.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <vector>

#include "support/cli_run.h"

namespace {

using feedscope::testing::CliResult;
using feedscope::testing::TempDir;

CliResult run(const std::string& args) {
  return feedscope::testing::runCli(FEEDSCOPE_CLI, args);
}

bool hasGpu() {
  return run("devices").code == 0;
}

void expectNoGpuLine(const CliResult& r, bool jsonOnStdout = false) {
  EXPECT_EQ(r.code, 3) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.err.rfind("feedscope: error: ", 0), 0u) << r.err;
  if (jsonOnStdout) {
    // A script parsing the output gets valid JSON: no devices, and why (the same words as stderr).
    auto doc = nlohmann::json::parse(r.out);
    EXPECT_TRUE(doc["devices"].is_array() && doc["devices"].empty()) << r.out;
    EXPECT_NE(r.err.find(doc["reason"].get<std::string>()), std::string::npos) << r.out;
  } else {
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  if (!FEEDSCOPE_CLI_HAS_CUDA) {
    EXPECT_NE(r.err.find("this build has no CUDA support"), std::string::npos) << r.err;
  } else {
    EXPECT_TRUE(r.err.find("driver") != std::string::npos || r.err.find("GPU") != std::string::npos) << r.err;
  }
}

TEST(GpuCommands, WithoutAGpuEachCommandSaysSoOnOneLineAndExits3) {
  if (hasGpu()) GTEST_SKIP() << "this machine has a GPU (tests/gpu covers it)";
  TempDir dir;
  std::string session = dir.file("demo.feedscope");
  expectNoGpuLine(run("devices"));
  expectNoGpuLine(run("devices --format json"), true);
  expectNoGpuLine(run("demo --steps 5 --progress machine -o " + session));
  expectNoGpuLine(run("calibrate --progress machine -o " + dir.file("calibration.feedscope")));
  EXPECT_FALSE(std::filesystem::exists(session));
  EXPECT_FALSE(std::filesystem::exists(dir.file("calibration.feedscope")));
}

TEST(GpuCommands, BadUsageIsExit2BeforeAnythingRuns) {
  TempDir dir;
  std::string out = " -o " + dir.file("x.feedscope");
  const std::vector<std::string> bad = {"demo --modes off,warp" + out, "demo --steps 0" + out,
                                        "demo --depth 1" + out,        "demo --phase eval" + out,
                                        "demo --progress fancy" + out, "demo",
                                        "calibrate --format xml",      "devices --format yaml"};
  for (const std::string& args : bad) {
    CliResult r = run(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
    EXPECT_FALSE(r.err.empty()) << args;
  }
}

TEST(GpuCommands, UnusableFilesAreBadInputInACudaBuild) {
  if (!FEEDSCOPE_CLI_HAS_CUDA) GTEST_SKIP() << "without CUDA the demo stops at 'no CUDA support'";
  TempDir dir;
  CliResult folder = run("demo -o " + dir.file("missing-folder/x.feedscope"));
  EXPECT_EQ(folder.code, 2) << folder.err;
  EXPECT_NE(folder.err.find("does not exist"), std::string::npos) << folder.err;
  CliResult calibration =
      run("demo --calibration " + dir.file("nothing.feedscope") + " -o " + dir.file("x.feedscope"));
  EXPECT_EQ(calibration.code, 2) << calibration.err;
  EXPECT_EQ(std::count(calibration.err.begin(), calibration.err.end(), '\n'), 1) << calibration.err;
}

}  // namespace
