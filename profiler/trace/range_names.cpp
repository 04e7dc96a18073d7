// Range-name classification shared by importers and the collector.
#include "trace/range_names.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace feedscope::trace {
namespace {

// ASCII only: every marker below is ASCII, and the importers call this once per range of a trace
// (millions), so it neither allocates for the usual short name nor consults the locale.
class LowerName {
 public:
  explicit LowerName(std::string_view s) {
    char* out = s.size() <= kInline ? inline_ : (heap_.resize(s.size()), heap_.data());
    for (std::size_t i = 0; i < s.size(); ++i) {
      const char c = s[i];
      out[i] = c >= 'A' && c <= 'Z' ? static_cast<char>(c + ('a' - 'A')) : c;
    }
    view_ = {out, s.size()};
  }
  std::string_view view() const { return view_; }

 private:
  static constexpr std::size_t kInline = 256;
  char inline_[kInline];
  std::string heap_;
  std::string_view view_;
};

// "step", optionally preceded by "profiler"/"train_"/"training ", then an optional separator and digits.
bool looksLikeStep(std::string_view n) {
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
  const LowerName lowered(name);
  const std::string_view n = lowered.view();
  if (looksLikeStep(n)) return IntervalKind::Step;
  for (std::string_view marker : {"dataloader", "data_load", "data load", "load_batch", "wait for batch",
                                  "wait_for_batch", "batch wait"}) {
    if (n.find(marker) != std::string_view::npos) return IntervalKind::DataLoading;
  }
  return IntervalKind::Range;
}

std::string foldedRangeName(std::string_view name) {
  std::size_t digits = name.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(name[digits - 1]))) --digits;
  if (digits == name.size() || digits == 0) return std::string(name);
  const char before = name[digits - 1];
  const bool numbered = before == '#' || classifyRangeName(name) == IntervalKind::Step;
  return numbered ? std::string(name.substr(0, digits)) + "N" : std::string(name);
}

bool isInputPathRangeName(std::string_view name) {
  const LowerName lowered(name);
  const std::string_view n = lowered.view();
  for (std::string_view marker : {"sparse_data_dist", "input_dist", "collate", "pin_memory"}) {
    if (n.find(marker) != std::string_view::npos) return true;
  }
  return false;
}

std::optional<long long> stepNumber(std::string_view name) {
  std::size_t end = name.size();
  std::size_t begin = end;
  while (begin > 0 && std::isdigit(static_cast<unsigned char>(name[begin - 1]))) --begin;
  if (begin == end || end - begin > 18) return std::nullopt;
  return std::stoll(std::string(name.substr(begin)));
}

}  // namespace feedscope::trace
