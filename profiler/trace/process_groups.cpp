#include "trace/process_groups.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace feedscope::trace {

namespace {

std::string escapeName(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c == ':') {
      out += "%3A";
    } else if (c == ';') {
      out += "%3B";
    } else if (c == '%') {
      out += "%25";
    } else {
      out += c;
    }
  }
  return out;
}

std::string unescapeName(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const std::string_view rest = text.substr(i);
    if (rest.starts_with("%3A")) {
      out += ':';
      i += 2;
    } else if (rest.starts_with("%3B")) {
      out += ';';
      i += 2;
    } else if (rest.starts_with("%25")) {
      out += '%';
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

// Comma-separated non-negative integers, spaces allowed around them; nullopt for anything else.
std::optional<std::vector<int>> integers(std::string_view text) {
  std::vector<int> out;
  std::size_t i = 0;
  auto skipSpaces = [&] {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  };
  skipSpaces();
  if (i == text.size()) return out;
  while (true) {
    skipSpaces();
    int value = 0;
    auto [ptr, ec] = std::from_chars(text.data() + i, text.data() + text.size(), value);
    if (ec != std::errc() || value < 0) return std::nullopt;
    i = static_cast<std::size_t>(ptr - text.data());
    out.push_back(value);
    skipSpaces();
    if (i == text.size()) break;
    if (text[i] != ',') return std::nullopt;
    ++i;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace

std::string processGroupsLabel(const ProcessGroupRanks& groups) {
  std::string out;
  for (const auto& [name, ranks] : groups) {
    if (!out.empty()) out += ';';
    out += escapeName(name) + ':';
    for (std::size_t i = 0; i < ranks.size(); ++i) out += (i ? "," : "") + std::to_string(ranks[i]);
  }
  return out;
}

ProcessGroupRanks parseProcessGroupsLabel(std::string_view label) {
  ProcessGroupRanks out;
  while (!label.empty()) {
    const std::size_t end = std::min(label.find(';'), label.size());
    const std::string_view entry = label.substr(0, end);
    label = end < label.size() ? label.substr(end + 1) : std::string_view();
    const std::size_t colon = entry.rfind(':');
    if (colon == std::string_view::npos) continue;
    auto ranks = integers(entry.substr(colon + 1));
    if (ranks && !ranks->empty()) out[unescapeName(entry.substr(0, colon))] = std::move(*ranks);
  }
  return out;
}

std::optional<std::vector<int>> parseRankList(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  if (text.size() < 2 || text.front() != '[' || text.back() != ']') return std::nullopt;
  auto ranks = integers(text.substr(1, text.size() - 2));
  if (!ranks || ranks->empty()) return std::nullopt;
  return ranks;
}

}  // namespace feedscope::trace
