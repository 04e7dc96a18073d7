// Interned strings: every name in a session is stored once and referred to by a 32-bit id.
#pragma once

#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "trace/types.h"

namespace feedscope::trace {

class StringTable {
 public:
  StringTable();
  StringTable(const StringTable& other);
  StringTable& operator=(const StringTable& other);
  StringTable(StringTable&&) noexcept = default;
  StringTable& operator=(StringTable&&) noexcept = default;

  // Id 0 is always the empty string.
  StringId intern(std::string_view text);
  std::string_view get(StringId id) const;  // out-of-range ids read as ""
  bool contains(StringId id) const { return id < strings_.size(); }
  std::size_t size() const { return strings_.size(); }
  std::size_t memoryBytes() const;

 private:
  void rebuildIndex();
  // A deque keeps string addresses stable, so the index may hold views into it.
  std::deque<std::string> strings_;
  std::unordered_map<std::string_view, StringId> index_;
};

}  // namespace feedscope::trace
