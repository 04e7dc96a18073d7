#include "job/rank_identity.h"

#include <cctype>
#include <charconv>

#include "trace/rank_environment.h"

namespace feedscope::job {

namespace {

std::optional<int> integerOf(std::string_view text) {
  int value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || value < 0) return std::nullopt;
  return value;
}

std::optional<int> label(const trace::Run& run, const std::string& key) {
  auto it = run.labels.find(key);
  return it == run.labels.end() ? std::nullopt : integerOf(it->second);
}

bool startsWithIgnoringCase(std::string_view text, std::string_view word) {
  if (text.size() < word.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[i])) != word[i]) return false;
  }
  return true;
}

}  // namespace

std::optional<int> rankFromName(std::string_view name) {
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (i > 0 && std::isalpha(static_cast<unsigned char>(name[i - 1]))) continue;
    for (std::string_view word : {std::string_view("rank"), std::string_view("worker")}) {
      if (!startsWithIgnoringCase(name.substr(i), word)) continue;
      std::size_t at = i + word.size();
      if (at < name.size() && (name[at] == '-' || name[at] == '_')) ++at;
      std::size_t end = at;
      while (end < name.size() && std::isdigit(static_cast<unsigned char>(name[end]))) ++end;
      if (end == at || end - at > 9) continue;
      return integerOf(name.substr(at, end - at));
    }
  }
  return std::nullopt;
}

std::optional<RankIdentity> rankIdentityOf(const trace::Run& run) {
  if (auto rank = label(run, "rank")) return RankIdentity{*rank, label(run, "world_size"), "distributedInfo"};
  if (auto recorded = trace::recordedRank(run.labels)) {
    return RankIdentity{recorded->rank, recorded->world_size, "environment"};
  }
  if (auto rank = rankFromName(run.name)) return RankIdentity{*rank, std::nullopt, "file name"};
  return std::nullopt;
}

}  // namespace feedscope::job
