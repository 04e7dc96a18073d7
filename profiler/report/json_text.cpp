// JSON string escaping through nlohmann::json (which also replaces invalid UTF-8).
#include "report/json_text.h"

#include <nlohmann/json.hpp>

namespace feedscope::report {

std::string jsonQuoted(std::string_view text) {
  return nlohmann::json(std::string(text)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

const std::string& QuotedStrings::get(trace::StringId id) {
  if (id >= cache_.size()) cache_.resize(id + 1);
  std::string& slot = cache_[id];
  if (slot.empty()) slot = jsonQuoted(strings_.get(id));
  return slot;
}

}  // namespace feedscope::report
