// libfeedscope-inject.so as the driver loads it, without a GPU: the program runs unchanged, the library
// exports only its entry points, and a CUPTI that cannot start is written into the stream and reported.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>

#include "store/session_store.h"
#include "support/run_program.h"
#include "support/temp_dir.h"

namespace {

using feedscope::testing::runProgram;
using feedscope::testing::TempDir;

// CUDA's and NVTX's entry points, and the Python hooks' four (inject/python_entry.cpp); nothing of the
// static libraries inside can clash with the program's symbols.
TEST(InjectionLibrary, ExportsOnlyItsEntryPoints) {
  std::unique_ptr<FILE, int (*)(FILE*)> nm(popen("nm -D --defined-only " FEEDSCOPE_INJECT_LIBRARY, "r"),
                                           &pclose);
  ASSERT_TRUE(nm);
  std::string symbols;
  char line[512];
  while (std::fgets(line, sizeof line, nm.get()) != nullptr) symbols += line;
  EXPECT_NE(symbols.find(" T InitializeInjection\n"), std::string::npos) << symbols;
  EXPECT_NE(symbols.find(" T InitializeInjectionNvtx2\n"), std::string::npos) << symbols;
  for (const char* python : {"feedscope_host_start", "feedscope_host_interval", "feedscope_host_message",
                             "feedscope_host_finish"}) {
    EXPECT_NE(symbols.find(std::string(" T ") + python + "\n"), std::string::npos) << symbols;
  }
  EXPECT_EQ(std::count(symbols.begin(), symbols.end(), '\n'), 6) << symbols;
}

TEST(InjectionLibrary, ProgramRunsUnchangedAndCuptiFailuresAreReported) {
  TempDir dir;
  std::string session = dir.file("s.feedscope");
  auto r = runProgram(
      {FEEDSCOPE_CLI, "record", "-o", session, "--", FEEDSCOPE_INJECT_HOST, FEEDSCOPE_INJECT_LIBRARY},
      {"FEEDSCOPE_INJECT_LIBRARY=" FEEDSCOPE_INJECT_LIBRARY});
  EXPECT_EQ(r.status, 5) << r.err;
  EXPECT_EQ(r.out, "hello\n");
  auto loaded = feedscope::io::loadSession(session);
  ASSERT_EQ(loaded.runs.size(), 1u);
  EXPECT_EQ(loaded.runs[0].labels.at("processes"), "1");
  void* driver = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (driver == nullptr) {
    // No driver here: CUPTI cannot subscribe, and the launcher says so.
    EXPECT_NE(
        r.err.find(
            ": error: CUPTI could not start, nothing of this process is recorded: cuptiSubscribe failed"),
        std::string::npos)
        << r.err;
  } else {
    dlclose(driver);
    EXPECT_NE(r.err.find(": info: CUPTI API version "), std::string::npos) << r.err;
  }
}

}  // namespace
