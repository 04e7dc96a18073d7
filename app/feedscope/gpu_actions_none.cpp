// The GPU commands in a build without CUDA: one line, exit code 3.
#include <fmt/format.h>

#include <cstdio>

#include "cli_contract/exit_codes.h"
#include "gpu_commands.h"
#include "user_messages.h"

namespace feedscope::cli {

namespace {

constexpr const char* kNoCuda = "this build has no CUDA support (rebuild with the CUDA toolkit and CUPTI)";

int noCuda() {
  printError("{}", kNoCuda);
  return kExitNoGpu;
}

}  // namespace

int runDevices(const DevicesOptions& options) {
  if (options.format == "json") printNoDevicesJson(kNoCuda);
  return noCuda();
}
int runDemo(const DemoOptions&) {
  return noCuda();
}
int runCalibrate(const CalibrateOptions&) {
  return noCuda();
}

}  // namespace feedscope::cli
