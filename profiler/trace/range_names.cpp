// Range-name classification shared by importers and the collector.
#include "trace/range_names.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace feedscope::trace {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

// "step", optionally preceded by "profiler"/"train_"/"training ", then an optional separator and digits.
bool looksLikeStep(const std::string& n) {
  std::string_view s = n;
  for (std::string_view prefix : {"profilerstep", "train_step", "training_step", "train step", "step"}) {
    if (s.substr(0, prefix.size()) == prefix) {
      s.remove_prefix(prefix.size());
      if (s.empty()) return prefix != "step" || n == "step";
      if (s.front() == '#' || s.front() == ' ' || s.front() == '_' || s.front() == ':' || s.front() == '=') {
        s.remove_prefix(1);
      }
      return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
    }
  }
  return false;
}

}  // namespace

IntervalKind classifyRangeName(std::string_view name) {
  std::string n = lower(name);
  if (looksLikeStep(n)) return IntervalKind::Step;
  for (std::string_view marker : {"dataloader", "data_load", "data load", "load_batch", "wait for batch",
                                  "wait_for_batch", "batch wait"}) {
    if (n.find(marker) != std::string::npos) return IntervalKind::DataLoading;
  }
  return IntervalKind::Range;
}

std::optional<long long> stepNumber(std::string_view name) {
  std::size_t end = name.size();
  std::size_t begin = end;
  while (begin > 0 && std::isdigit(static_cast<unsigned char>(name[begin - 1]))) --begin;
  if (begin == end || end - begin > 18) return std::nullopt;
  return std::stoll(std::string(name.substr(begin)));
}

}  // namespace feedscope::trace
