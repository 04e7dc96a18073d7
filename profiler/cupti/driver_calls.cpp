// The driver calls recorded by default, by name.
#include "cupti/driver_calls.h"

#include <cupti.h>

#include <array>

#include "cupti/api_names.h"

namespace feedscope::cupti {

bool isRecordedDriverCall(std::string_view name) {
  // Launches (cuLaunchKernel, cuLaunchKernelEx, cuLaunchCooperativeKernel, cuLaunchHostFunc,
  // cuGraphLaunch), copies and sets of memory, and the calls that make the host wait for the GPU.
  static constexpr std::array<std::string_view, 4> kPrefixes = {"cuLaunch", "cuGraphLaunch", "cuMemcpy", "cuMemset"};
  for (std::string_view p : kPrefixes) {
    if (name.substr(0, p.size()) == p) return true;
  }
  static constexpr std::array<std::string_view, 4> kWaits = {"cuStreamSynchronize", "cuCtxSynchronize",
                                                             "cuEventSynchronize", "cuStreamWaitEvent"};
  for (std::string_view w : kWaits) {
    if (name == w) return true;
  }
  return false;
}

std::vector<std::uint32_t> recordedDriverCallbacks() {
  std::vector<std::uint32_t> ids;
  for (std::uint32_t cbid = 1; cbid < CUPTI_DRIVER_TRACE_CBID_SIZE; ++cbid) {
    const char* name = nullptr;
    if (cuptiGetCallbackName(CUPTI_CB_DOMAIN_DRIVER_API, cbid, &name) != CUPTI_SUCCESS || name == nullptr) continue;
    if (isRecordedDriverCall(plainApiName(name))) ids.push_back(cbid);
  }
  return ids;
}

}  // namespace feedscope::cupti
