// CUDA API names from CUPTI callback ids.
#include "cupti/api_names.h"

#include <cupti_callbacks.h>

#include <cctype>

namespace feedscope::cupti {

std::string_view plainApiName(std::string_view n) {
  // "_v" followed only by digits at the end.
  if (std::size_t v = n.rfind("_v"); v != std::string_view::npos && v + 2 < n.size()) {
    bool digits = true;
    for (std::size_t i = v + 2; i < n.size(); ++i)
      digits = digits && std::isdigit(static_cast<unsigned char>(n[i]));
    if (digits) n = n.substr(0, v);
  }
  for (std::string_view suffix : {"_ptds", "_ptsz"}) {
    if (n.size() > suffix.size() && n.substr(n.size() - suffix.size()) == suffix) {
      n = n.substr(0, n.size() - suffix.size());
    }
  }
  return n;
}

std::string ApiNameCache::name(trace::IntervalKind api, std::uint32_t cbid) {
  bool runtime = api == trace::IntervalKind::RuntimeApi;
  std::uint64_t key = (static_cast<std::uint64_t>(runtime) << 32) | cbid;
  std::lock_guard lock(mutex_);
  if (auto it = names_.find(key); it != names_.end()) return it->second;
  const char* raw = nullptr;
  CUptiResult r =
      cuptiGetCallbackName(runtime ? CUPTI_CB_DOMAIN_RUNTIME_API : CUPTI_CB_DOMAIN_DRIVER_API, cbid, &raw);
  std::string text = (r == CUPTI_SUCCESS && raw != nullptr)
                         ? std::string(plainApiName(raw))
                         : std::string(runtime ? "cuda call #" : "driver call #") + std::to_string(cbid);
  names_.emplace(key, text);
  return text;
}

}  // namespace feedscope::cupti
