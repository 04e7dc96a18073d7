// Interned strings with stable storage.
#include "trace/string_table.h"

#include "trace/utf8.h"

namespace feedscope::trace {

StringTable::StringTable() { intern(""); }

StringTable::StringTable(const StringTable& other) : strings_(other.strings_) { rebuildIndex(); }

StringTable& StringTable::operator=(const StringTable& other) {
  if (this != &other) {
    strings_ = other.strings_;
    rebuildIndex();
  }
  return *this;
}

void StringTable::rebuildIndex() {
  index_.clear();
  index_.reserve(strings_.size());
  for (std::size_t i = 0; i < strings_.size(); ++i) index_.emplace(strings_[i], static_cast<StringId>(i));
}

StringId StringTable::intern(std::string_view text) {
  if (auto it = index_.find(text); it != index_.end()) return it->second;
  // Every name of a session passes here: kernel and range names from any importer or raw stream.
  if (!isValidUtf8(text)) return intern(validUtf8(text));
  auto id = static_cast<StringId>(strings_.size());
  const std::string& stored = strings_.emplace_back(text);
  index_.emplace(stored, id);
  return id;
}

std::string_view StringTable::get(StringId id) const {
  return id < strings_.size() ? std::string_view(strings_[id]) : std::string_view();
}

std::size_t StringTable::memoryBytes() const {
  std::size_t bytes = 0;
  for (const auto& s : strings_) bytes += sizeof(std::string) + (s.size() > 15 ? s.capacity() : 0);
  return bytes + index_.size() * (sizeof(std::string_view) + sizeof(StringId) + 16);
}

}  // namespace feedscope::trace
