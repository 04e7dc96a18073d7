// devices --format json when there is nothing to list: still valid JSON, so a script that parses the
// output gets an empty list and the reason instead of a parse error.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "gpu_commands.h"

namespace feedscope::cli {

void printNoDevicesJson(const std::string& reason) {
  nlohmann::json doc;
  doc["devices"] = nlohmann::json::array();
  doc["reason"] = reason;
  fmt::print("{}\n", doc.dump(2));
}

}  // namespace feedscope::cli
