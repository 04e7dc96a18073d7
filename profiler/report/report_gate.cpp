// Threshold parsing and evaluation over the JSON report's values.
#include "report/report_gate.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <optional>

#include "io/input_error.h"
#include "report/report_json_value.h"
#include "trace/units.h"

namespace feedscope::report {

using nlohmann::json;

const std::vector<ThresholdAlias> kThresholdAliases = {
    {"input_bound", "run_input_bound_pct"},  // the figure the verdict is given on
    {"step_time", "steps.median_ns"},
    {"median_step", "steps.median_ns"},
    {"steps_per_second", "steps.steps_per_second"},
    {"overlap", "h2d_overlap_pct"},
    {"prefetch_effectiveness", "h2d_overlap_pct"},
    {"throughput_ratio", "comparison.throughput_ratio"},
};

namespace {

std::vector<std::string> split(std::string_view dotted) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    std::size_t dot = dotted.find('.', start);
    parts.emplace_back(
        dotted.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start));
    if (dot == std::string_view::npos) return parts;
    start = dot + 1;
  }
}

const json* lookup(const json& object, const std::vector<std::string>& path) {
  const json* at = &object;
  for (const auto& key : path) {
    if (!at->is_object()) return nullptr;
    auto it = at->find(key);
    if (it == at->end()) return nullptr;
    at = &*it;
  }
  return at;
}

// Objects with every key of the schema, to tell a misspelt key from a figure a run lacks.
const json& deviceTemplate() {
  static const json kTemplate = [] {
    analysis::DeviceAnalysis d;
    d.step_summary = analysis::StepSummary{};
    return deviceJson(analysis::RunAnalysis{}, d);
  }();
  return kTemplate;
}

const json& jobTemplate() {
  static const json kTemplate = jobJson(job::JobAnalysis{});
  return kTemplate;
}

const json& comparisonTemplate() {
  static const json kTemplate = [] {
    analysis::RunComparison c;
    c.deltas = analysis::metricRows(nullptr);
    c.throughput_ratio = 1.0;
    return comparisonJson(c);
  }();
  return kTemplate;
}

// A key is numeric when the template holds a number there, or null for a figure that may be absent
// (h2d_overlap_pct without copies) and is not one of the string-valued keys.
bool numericInTemplate(const json* value, const std::vector<std::string>& path) {
  if (value == nullptr) return false;
  if (value->is_number()) return true;
  return value->is_null() && path.back() != "pinned_reference_source";
}

struct ResolvedKey {
  std::vector<std::string> path;
  bool onComparison = false;
  bool onJob = false;
};

// "job.peer_wait_pct", "job.straggler_delay" (its _ns key): a figure of each job.
std::optional<ResolvedKey> resolveJobKey(std::string_view name) {
  const std::string key(name.substr(4));
  for (const std::string& candidate : {key, key + "_ns", key + "_pct"}) {
    std::vector<std::string> path = split(candidate);
    if (numericInTemplate(lookup(jobTemplate(), path), path)) return ResolvedKey{path, false, true};
  }
  return std::nullopt;
}

std::optional<ResolvedKey> resolve(std::string_view name) {
  if (name.substr(0, 4) == "job.") return resolveJobKey(name);
  auto tryKey = [](std::string_view key) -> std::optional<ResolvedKey> {
    bool onComparison = key.substr(0, 11) == "comparison.";
    std::vector<std::string> path = split(onComparison ? key.substr(11) : key);
    const json& tmpl = onComparison ? comparisonTemplate() : deviceTemplate();
    if (numericInTemplate(lookup(tmpl, path), path)) return ResolvedKey{path, onComparison, false};
    return std::nullopt;
  };
  if (auto direct = tryKey(name)) return direct;
  for (const auto& alias : kThresholdAliases) {
    if (alias.name == name) return tryKey(alias.key);
  }
  if (auto pct = tryKey(std::string(name) + "_pct")) return pct;
  return std::nullopt;
}

std::optional<double> nsPerUnit(std::string_view unit) {
  if (unit == "ns") return 1.0;
  if (unit == "us" || unit == "µs") return 1e3;
  if (unit == "ms") return 1e6;
  if (unit == "s") return 1e9;
  return std::nullopt;
}

std::string_view opText(ThresholdOp op) {
  switch (op) {
    case ThresholdOp::Greater:
      return ">";
    case ThresholdOp::GreaterOrEqual:
      return ">=";
    case ThresholdOp::Less:
      return "<";
    case ThresholdOp::LessOrEqual:
      return "<=";
    case ThresholdOp::Equal:
      return "==";
    case ThresholdOp::NotEqual:
      return "!=";
  }
  return "?";
}

bool endsWith(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// Times: *_ns keys and the keys of *_ns groups (gaps_ns.copy_wait_pageable).
bool isTimeKey(const std::vector<std::string>& path) {
  return endsWith(path.back(), "_ns") || (path.size() >= 2 && endsWith(path[path.size() - 2], "_ns"));
}

bool isShareKey(const std::vector<std::string>& path) {
  return endsWith(path.back(), "_pct");
}

// A value in the unit of its key: "21.0 ms" for times, "45.06" for shares, else up to 6 digits.
// 100 years in nanoseconds: well inside int64 (about 292 years).
constexpr double kLargestTimeLimitNs = 100.0 * 365.25 * 24 * 3600 * 1e9;

std::string valueText(const std::vector<std::string>& path, double v) {
  if (isTimeKey(path) && std::fabs(v) < kLargestTimeLimitNs) return trace::formatDuration(static_cast<trace::TimeNs>(std::llround(v)));
  if (isShareKey(path)) return fmt::format("{:.2f}", v);
  return fmt::format("{:.6g}", v);
}

// Why a name that is not a numeric key was refused: it names an object or a text, or nothing.
std::string refusal(std::string_view name) {
  bool onComparison = name.substr(0, 11) == "comparison.";
  std::vector<std::string> path = split(onComparison ? name.substr(11) : name);
  const json* value = lookup(onComparison ? comparisonTemplate() : deviceTemplate(), path);
  if (value != nullptr && value->is_object() && !value->empty()) {
    return "'" + std::string(name) + "' is a group, not a number (name one of its keys, e.g. " +
           std::string(name) + "." + value->begin().key() + ")";
  }
  if (value != nullptr) return "'" + std::string(name) + "' is not a number";
  return "unknown key '" + std::string(name) +
         "' (use a numeric key of a device in the JSON report, see docs/report-json.md)";
}

// "KEY OP NUMBER [UNIT]" split into its parts, read by hand in one pass: std::regex recursed once per
// character and a 50,000-character expression overflowed the stack.
struct ThresholdParts {
  std::string_view key, op, number, unit;
};

std::optional<ThresholdParts> splitThreshold(std::string_view s) {
  std::size_t i = 0;
  auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; };
  auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
  auto isKeyStart = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; };
  auto skipSpace = [&] {
    while (i < s.size() && isSpace(s[i])) ++i;
  };
  auto takeFirstOf = [&](std::initializer_list<std::string_view> choices) -> std::string_view {
    for (std::string_view c : choices) {
      if (s.substr(i, c.size()) == c) {
        i += c.size();
        return c;
      }
    }
    return {};
  };
  ThresholdParts parts;
  skipSpace();
  std::size_t start = i;
  if (i == s.size() || !isKeyStart(s[i])) return std::nullopt;
  while (i < s.size() && (isKeyStart(s[i]) || isDigit(s[i]) || s[i] == '.')) ++i;
  parts.key = s.substr(start, i - start);
  skipSpace();
  parts.op = takeFirstOf({">=", "<=", "==", "!=", ">", "<", "="});
  if (parts.op.empty()) return std::nullopt;
  skipSpace();
  start = i;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  std::size_t digits = 0;
  while (i < s.size() && isDigit(s[i])) ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && isDigit(s[i])) ++i, ++digits;
  }
  if (digits == 0) return std::nullopt;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    std::size_t j = i + 1;
    if (j < s.size() && (s[j] == '+' || s[j] == '-')) ++j;
    std::size_t exponentStart = j;
    while (j < s.size() && isDigit(s[j])) ++j;
    if (j == exponentStart) return std::nullopt;
    i = j;
  }
  parts.number = s.substr(start, i - start);
  skipSpace();
  parts.unit = takeFirstOf({"%", "ns", "us", "\u00b5s", "ms", "s"});
  skipSpace();
  if (i != s.size()) return std::nullopt;
  return parts;
}

// The expression as an error message shows it: a 50,000-character one is cut.
std::string shown(std::string_view expression) {
  constexpr std::size_t kLongest = 80;
  return expression.size() <= kLongest ? std::string(expression)
                                       : std::string(expression.substr(0, kLongest)) + "... (" +
                                             std::to_string(expression.size()) + " characters)";
}

}  // namespace

std::string Threshold::keyName() const {
  std::string name = on_comparison ? "comparison" : on_job ? "job" : "";
  for (const auto& part : path) name += (name.empty() ? "" : ".") + part;
  return name;
}

bool Threshold::crossedBy(double value) const {
  switch (op) {
    case ThresholdOp::Greater:
      return value > limit;
    case ThresholdOp::GreaterOrEqual:
      return value >= limit;
    case ThresholdOp::Less:
      return value < limit;
    case ThresholdOp::LessOrEqual:
      return value <= limit;
    case ThresholdOp::Equal:
      return value == limit;
    case ThresholdOp::NotEqual:
      return value != limit;
  }
  return false;
}

Threshold parseThreshold(std::string_view expression) {
  std::optional<ThresholdParts> parts = splitThreshold(expression);
  if (!parts) {
    throw io::InputError("--fail-if '" + shown(expression) +
                     "': expected KEY OP NUMBER, e.g. 'starvation_pct>20' or 'h2d_overlap<80%'");
  }
  std::string text(expression);
  std::string name(parts->key);
  std::optional<ResolvedKey> key = resolve(name);
  if (!key) throw io::InputError("--fail-if '" + shown(text) + "': " + refusal(shown(name)));
  Threshold t;
  t.expression = text;
  t.path = key->path;
  t.on_comparison = key->onComparison;
  t.on_job = key->onJob;
  std::string_view op = parts->op;
  t.op = op == ">"    ? ThresholdOp::Greater
         : op == ">=" ? ThresholdOp::GreaterOrEqual
         : op == "<"  ? ThresholdOp::Less
         : op == "<=" ? ThresholdOp::LessOrEqual
         : op == "!=" ? ThresholdOp::NotEqual
                      : ThresholdOp::Equal;
  t.limit = std::strtod(std::string(parts->number).c_str(), nullptr);
  if (!std::isfinite(t.limit)) throw io::InputError("--fail-if '" + shown(text) + "': the number is out of range");
  std::string unit(parts->unit);
  if (unit == "%") {
    if (!isShareKey(t.path)) {
      throw io::InputError("--fail-if '" + shown(text) + "': '%' fits a share (a *_pct key), not " + t.keyName());
    }
  } else if (!unit.empty()) {
    if (!isTimeKey(t.path)) {
      throw io::InputError("--fail-if '" + shown(text) + "': a time unit fits a time (a *_ns key), not " + t.keyName());
    }
    t.limit *= *nsPerUnit(unit);
  }
  // A time limit is compared with, and printed as, int64 nanoseconds: one past their range (about 292
  // years) would print wrapped. No run lasts that long, so such a limit is a typo.
  if (isTimeKey(t.path) && !(std::fabs(t.limit) < kLargestTimeLimitNs)) {
    throw io::InputError("--fail-if '" + shown(text) + "': the time is out of range (at most 100 years)");
  }
  return t;
}

GateResult evaluateThresholds(const Report& report, const std::vector<Threshold>& thresholds) {
  GateResult result;
  if (thresholds.empty()) return result;
  json doc = reportJson(report);
  for (const Threshold& t : thresholds) {
    std::string limit = isShareKey(t.path) ? fmt::format("{:g}", t.limit) : valueText(t.path, t.limit);
    std::string rule = fmt::format("{} {} {}", t.keyName(), opText(t.op), limit);
    auto check = [&](const json& object, const std::string& where) {
      const json* value = lookup(object, t.path);
      if (value == nullptr || !value->is_number()) {
        result.skipped.push_back(fmt::format("{}: {} has no {}", t.expression, where, t.keyName()));
        return;
      }
      double v = value->get<double>();
      if (t.crossedBy(v))
        result.crossed.push_back(fmt::format("{} ({}: {})", rule, where, valueText(t.path, v)));
    };
    if (t.on_job) {
      if (doc["jobs"].empty()) result.skipped.push_back(t.expression + ": the report holds no job (no ranks of one job)");
      for (const json& j : doc["jobs"]) check(j, fmt::format("job {}", j["name"].get<std::string>()));
      continue;
    }
    if (t.on_comparison) {
      if (doc["comparisons"].empty())
        result.skipped.push_back(t.expression + ": the report compares no runs");
      for (const json& c : doc["comparisons"]) {
        check(c, fmt::format("{} against {}", c["run_b"].get<std::string>(), c["run_a"].get<std::string>()));
      }
      continue;
    }
    for (const json& run : doc["runs"]) {
      if (run["devices"].empty()) {
        result.skipped.push_back(
            fmt::format("{}: run {} has no GPU activity", t.expression, run["name"].get<std::string>()));
      }
      for (const json& device : run["devices"]) {
        check(device,
              fmt::format("run {}, GPU {}", run["name"].get<std::string>(), device["device"].get<int>()));
      }
    }
  }
  return result;
}

}  // namespace feedscope::report
