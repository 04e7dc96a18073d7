// Progress output of the GPU commands: the FEEDSCOPE-PROGRESS lines the GUI parses, and the bars.
#include "task_progress.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

namespace feedscope::cli {
namespace {

// Collects what a TaskProgress writes. The text is read once the stream is closed: only then are
// `data` and `size` final (a closed stream must not be flushed again).
struct Captured {
  char* data = nullptr;
  std::size_t size = 0;
  std::FILE* file = open_memstream(&data, &size);
  ~Captured() {
    if (file != nullptr) std::fclose(file);
    std::free(data);
  }
  std::string closeAndRead() {
    std::fclose(file);
    file = nullptr;
    return std::string(data, size);
  }
};

TEST(TaskProgress, MachineLinesCarryTheWholeTaskFractionAndAMessage) {
  Captured out;
  {
    TaskProgress p(ProgressStyle::Machine, out.file);
    p.update(0.10, "calibration", 1.0, "H2D Pinned 4.0 KiB");
    p.update(0.1004, "calibration", 1.0, "H2D Pinned 16.0 KiB");  // same per-mille, same stage: quiet
    p.update(0.5, "on", 0.2, "step 40/200");
    p.update(0.5, "on-pageable", 0.0, "setting up");  // a new stage always says so
    p.update(1.7, "done", 1.0, "");
  }
  EXPECT_EQ(out.closeAndRead(),
            "FEEDSCOPE-PROGRESS 0.100 calibration: H2D Pinned 4.0 KiB\n"
            "FEEDSCOPE-PROGRESS 0.500 on: step 40/200\n"
            "FEEDSCOPE-PROGRESS 0.500 on-pageable: setting up\n"
            "FEEDSCOPE-PROGRESS 1.000 done\n");
}

TEST(TaskProgress, HumanBarsFillPerStageAndEndWithANewline) {
  Captured out;
  {
    TaskProgress p(ProgressStyle::Human, out.file);
    p.update(0.2, "off", 0.5, "step 100/200");
    p.update(0.4, "on", 1.0, "step 200/200");
  }
  std::string text = out.closeAndRead();
  EXPECT_NE(text.find("off          [###############...............]  50 %  step 100/200"), std::string::npos)
      << text;
  EXPECT_NE(text.find("on           [##############################] 100 %"), std::string::npos) << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 2) << text;
}

TEST(TaskProgress, NoneWritesNothingAndOptionsChooseTheStyle) {
  Captured out;
  {
    TaskProgress p(ProgressStyle::None, out.file);
    p.update(0.5, "on", 0.5, "step 1/2");
  }
  EXPECT_EQ(out.closeAndRead(), "");
  EXPECT_EQ(progressStyleFor("machine"), ProgressStyle::Machine);
  EXPECT_EQ(progressStyleFor("human"), ProgressStyle::Human);
  EXPECT_EQ(progressStyleFor("none"), ProgressStyle::None);
}

}  // namespace
}  // namespace feedscope::cli
