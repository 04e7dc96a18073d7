// Version and features in the lines a bug report needs: what was built, with which CUDA and CUPTI.
#include "version_text.h"

#include <fmt/format.h>

#include "build_info.h"

namespace feedscope::cli {

std::string versionText() {
  std::string cuda = kHasCuda ? fmt::format("yes (built with CUDA {}, CUPTI API {})", kCudaVersion, kCuptiVersion)
                              : std::string("no (record, demo, calibrate and devices are unavailable)");
  return fmt::format("feedscope {}\nCUDA: {}\nGUI: {}", kVersion, cuda,
                     kHasGui ? "yes (feedscope-gui)" : "no");
}

}  // namespace feedscope::cli
