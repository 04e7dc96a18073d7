// Argument texts of a run (see arguments.h).
#include "trace/arguments.h"

namespace feedscope::trace {

ArgumentsId RunArguments::add(std::string_view json) {
  if (json.empty()) return 0;
  text_.append(json);
  ends_.push_back(text_.size());
  return static_cast<ArgumentsId>(ends_.size());
}

std::string_view RunArguments::get(ArgumentsId id) const {
  if (id == 0 || id > ends_.size()) return {};
  const std::uint64_t begin = id == 1 ? 0 : ends_[id - 2];
  return std::string_view(text_).substr(begin, ends_[id - 1] - begin);
}

bool RunArguments::appendStored(std::string_view text, const std::vector<std::uint64_t>& ends) {
  std::uint64_t previous = ends_.empty() ? 0 : ends_.back();
  const std::uint64_t total = text_.size() + text.size();
  for (std::uint64_t end : ends) {
    if (end <= previous || end > total) return false;
    previous = end;
  }
  if (!ends.empty() && ends.back() != total) return false;
  if (ends.empty() && !text.empty()) return false;
  text_.append(text);
  ends_.insert(ends_.end(), ends.begin(), ends.end());
  return true;
}

}  // namespace feedscope::trace
