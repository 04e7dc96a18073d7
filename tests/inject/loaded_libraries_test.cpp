// Finding loaded shared objects by name (the injection logs which libcupti a program uses).
#include "inject/loaded_libraries.h"

#include <gtest/gtest.h>

namespace {

TEST(LoadedLibraries, FindsWhatIsLoadedAndNothingElse) {
  auto libc = feedscope::inject::loadedLibraries("libc.so");
  ASSERT_EQ(libc.size(), 1u);
  EXPECT_EQ(libc[0].front(), '/');
  EXPECT_TRUE(feedscope::inject::loadedLibraries("libfeedscope-no-such-library").empty());
}

}  // namespace
