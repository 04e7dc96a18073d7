// Parsing the recorder's environment: a bad value is reported and replaced by the default, never fatal.
#include "inject/environment.h"

#include <charconv>
#include <cstring>
#include <string_view>

namespace feedscope::inject {
namespace {

template <typename T>
std::optional<T> parseNumber(std::string_view text) {
  T value{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

RecorderConfig readRecorderConfig(const std::function<const char*(const char*)>& lookup) {
  RecorderConfig config;
  if (const char* dir = lookup(kRawDirVar)) config.raw_dir = dir;
  if (const char* nvtx = lookup(kNvtxVar)) config.nvtx = std::strcmp(nvtx, "0") != 0;
  auto readNs = [&](const char* var, std::int64_t& out) {
    const char* text = lookup(var);
    if (text == nullptr || *text == '\0') return;
    if (auto v = parseNumber<std::int64_t>(text)) {
      out = *v;
    } else {
      config.problems.push_back(std::string(var) + "='" + text + "' is not a number of nanoseconds; ignored");
    }
  };
  readNs(kWindowStartVar, config.window_start_ns);
  readNs(kWindowEndVar, config.window_end_ns);
  if (const char* text = lookup(kFlushMsVar); text != nullptr && *text != '\0') {
    auto v = parseNumber<int>(text);
    if (v && *v >= 1 && *v <= 60000) {
      config.flush_ms = *v;
    } else {
      config.problems.push_back(std::string(kFlushMsVar) + "='" + text + "' is not 1..60000 ms; using " +
                                std::to_string(kDefaultFlushMs));
    }
  }
  if (const char* text = lookup(kLeaveOutVar); text != nullptr && *text != '\0') {
    std::string_view rest(text);
    while (!rest.empty()) {
      const std::size_t comma = rest.find(',');
      const std::string_view group = rest.substr(0, comma);
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
      if (group.empty()) continue;
      bool known = false;
      for (std::string_view g : kLeavableGroups) known = known || g == group;
      if (known) {
        config.leave_out.emplace_back(group);
      } else {
        config.problems.push_back(std::string(kLeaveOutVar) + ": '" + std::string(group) +
                                  "' is not a group of records (events, syncs, driver, runtime, overhead); ignored");
      }
    }
  }
  return config;
}

}  // namespace feedscope::inject
