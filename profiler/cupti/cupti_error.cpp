// Plain-words messages for CUPTI failures.
#include "cupti/cupti_error.h"

#include <fmt/format.h>

namespace feedscope::cupti {

std::string describeCuptiFailure(std::string_view call, int result, std::string_view cuptiText,
                                 std::string_view otherSubscriber) {
  switch (result) {
    case kCuptiMultipleSubscribers: {
      std::string who = otherSubscriber.empty() ? std::string("another profiler")
                                                : fmt::format("another profiler ({})", otherSubscriber);
      return fmt::format(
          "{} already records this process's GPU activity, and CUDA allows only one (CUPTI error 39); "
          "stop it (torch.profiler, Nsight Systems, Nsight Compute, cuda-gdb, compute-sanitizer) and try "
          "again",
          who);
    }
    case kCuptiInsufficientPrivileges:
      return "this user is not allowed to profile the GPU (CUPTI error 35): run as root, or load the driver "
             "with NVreg_RestrictProfilingToAdminUsers=0";
    case kCuptiNotInitialized:
      return "CUPTI could not start (error 15): no usable CUDA driver, or a libcupti that does not match it";
    default:
      break;
  }
  if (cuptiText.empty()) return fmt::format("{} failed: CUPTI error {}", call, result);
  return fmt::format("{} failed: CUPTI error {} ({})", call, result, cuptiText);
}

}  // namespace feedscope::cupti
