// Collective names (see collective_names.h).
#include "trace/collective_names.h"

namespace feedscope::trace {

namespace {

constexpr std::string_view kNcclKernel = "ncclKernel_";
constexpr std::string_view kNcclDevKernel = "ncclDevKernel_";

bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

}  // namespace

bool isCollectiveKernelName(std::string_view name) {
  return startsWith(name, kNcclKernel) || startsWith(name, kNcclDevKernel);
}

std::string collectiveOperation(std::string_view kernelName) {
  std::string_view rest = startsWith(kernelName, kNcclKernel)      ? kernelName.substr(kNcclKernel.size())
                          : startsWith(kernelName, kNcclDevKernel) ? kernelName.substr(kNcclDevKernel.size())
                                                                   : kernelName;
  const std::size_t end = rest.find_first_of("_(");
  return std::string(rest.substr(0, end));
}

bool isCollectiveHostRangeName(std::string_view name) {
  return startsWith(name, "nccl:") || startsWith(name, "c10d::") || name == "record_param_comms";
}

}  // namespace feedscope::trace
