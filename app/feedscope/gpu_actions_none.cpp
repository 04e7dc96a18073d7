// The GPU commands in a build without CUDA: one line, exit code 3.
#include <fmt/format.h>

#include <cstdio>

#include "exit_codes.h"
#include "gpu_commands.h"

namespace feedscope::cli {

namespace {

int noCuda() {
  fmt::print(stderr,
             "feedscope: error: this build has no CUDA support (rebuild with the CUDA toolkit and CUPTI)\n");
  return kExitNoGpu;
}

}  // namespace

int runDevices(const DevicesOptions&) {
  return noCuda();
}
int runDemo(const DemoOptions&) {
  return noCuda();
}
int runCalibrate(const CalibrateOptions&) {
  return noCuda();
}

}  // namespace feedscope::cli
