// Names of CUDA runtime and driver calls as users and the analysis know them ("cudaMemcpyAsync"),
// from CUPTI's callback names ("cudaMemcpyAsync_v3020", "cudaMemcpy_ptds_v7000").
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "trace/types.h"

namespace feedscope::cupti {

// Drops the version suffix ("_v3020") and the per-thread-stream suffix ("_ptds", "_ptsz").
std::string_view plainApiName(std::string_view cuptiName);

// Thread-safe, cached cuptiGetCallbackName for runtime (IntervalKind::RuntimeApi) and driver
// (IntervalKind::DriverApi) callback ids; "cuda call #<cbid>" / "driver call #<cbid>" when CUPTI has
// no name for it.
class ApiNameCache {
 public:
  std::string name(trace::IntervalKind api, std::uint32_t cbid);

 private:
  std::mutex mutex_;
  std::unordered_map<std::uint64_t, std::string> names_;
};

}  // namespace feedscope::cupti
