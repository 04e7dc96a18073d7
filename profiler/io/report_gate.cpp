// Threshold parsing and evaluation over the JSON report's values.
#include "io/report_gate.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <regex>

#include "io/input_error.h"
#include "io/report_json_value.h"
#include "trace/units.h"

namespace feedscope::io {

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
};

std::optional<ResolvedKey> resolve(std::string_view name) {
  auto tryKey = [](std::string_view key) -> std::optional<ResolvedKey> {
    bool onComparison = key.substr(0, 11) == "comparison.";
    std::vector<std::string> path = split(onComparison ? key.substr(11) : key);
    const json& tmpl = onComparison ? comparisonTemplate() : deviceTemplate();
    if (numericInTemplate(lookup(tmpl, path), path)) return ResolvedKey{path, onComparison};
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
std::string valueText(const std::vector<std::string>& path, double v) {
  if (isTimeKey(path)) return trace::formatDuration(static_cast<trace::TimeNs>(std::llround(v)));
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

}  // namespace

std::string Threshold::keyName() const {
  std::string name = on_comparison ? "comparison" : "";
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
  static const std::regex kSyntax(
      R"(^\s*([A-Za-z_][A-Za-z0-9_.]*)\s*(>=|<=|==|!=|>|<|=)\s*([-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?)\s*(%|ns|us|µs|ms|s)?\s*$)");
  std::string text(expression);
  std::smatch m;
  if (!std::regex_match(text, m, kSyntax)) {
    throw InputError("--fail-if '" + text +
                     "': expected KEY OP NUMBER, e.g. 'starvation_pct>20' or 'h2d_overlap<80%'");
  }
  std::string name = m[1].str();
  std::optional<ResolvedKey> key = resolve(name);
  if (!key) throw InputError("--fail-if '" + text + "': " + refusal(name));
  Threshold t;
  t.expression = text;
  t.path = key->path;
  t.on_comparison = key->onComparison;
  std::string op = m[2].str();
  t.op = op == ">"    ? ThresholdOp::Greater
         : op == ">=" ? ThresholdOp::GreaterOrEqual
         : op == "<"  ? ThresholdOp::Less
         : op == "<=" ? ThresholdOp::LessOrEqual
         : op == "!=" ? ThresholdOp::NotEqual
                      : ThresholdOp::Equal;
  t.limit = std::strtod(m[3].str().c_str(), nullptr);
  if (!std::isfinite(t.limit)) throw InputError("--fail-if '" + text + "': the number is out of range");
  std::string unit = m[4].str();
  if (unit == "%") {
    if (!isShareKey(t.path)) {
      throw InputError("--fail-if '" + text + "': '%' fits a share (a *_pct key), not " + t.keyName());
    }
  } else if (!unit.empty()) {
    if (!isTimeKey(t.path)) {
      throw InputError("--fail-if '" + text + "': a time unit fits a time (a *_ns key), not " + t.keyName());
    }
    t.limit *= *nsPerUnit(unit);
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

}  // namespace feedscope::io
