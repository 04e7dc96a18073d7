// JSON string escaping for writers that stream JSON by hand (large exports), with a cache per
// interned string so each name is escaped once.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "trace/string_table.h"

namespace feedscope::report {

// `text` as a JSON string literal, quotes included.
std::string jsonQuoted(std::string_view text);

class QuotedStrings {
 public:
  explicit QuotedStrings(const trace::StringTable& strings) : strings_(strings), cache_(strings.size()) {}
  const std::string& get(trace::StringId id);

 private:
  const trace::StringTable& strings_;
  std::vector<std::string> cache_;
};

}  // namespace feedscope::report
