// CI gating on the report: thresholds such as "starvation_pct>20" or "h2d_overlap<80%" on the
// figures of the JSON report (docs/report-json.md), evaluated for every run and device (or every
// comparison), so a training job's CI can fail when input starvation regresses.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "report/report.h"

namespace feedscope::report {

enum class ThresholdOp { Greater, GreaterOrEqual, Less, LessOrEqual, Equal, NotEqual };

struct Threshold {
  std::string expression;         // as the user wrote it
  std::vector<std::string> path;  // JSON keys from a DEVICE (or COMPARISON) object: {"steps", "median_ns"}
  bool on_comparison = false;     // a "comparison." key: evaluated on each comparison
  bool on_job = false;            // a "job." key (job.peer_wait_pct, job.straggler_delay): on each job
  ThresholdOp op = ThresholdOp::Greater;
  double limit = 0;  // in the key's own unit (ns for *_ns keys, percent for *_pct keys)

  std::string keyName() const;  // "steps.median_ns", "comparison.throughput_ratio"
  bool crossedBy(double value) const;
};

// Parses KEY OP NUMBER[UNIT]. KEY is a numeric key of a DEVICE object, dotted for nested ones
// (steps.median_ns, what_if.copies_hidden_speedup, gaps_ns.copy_wait_pageable), a short name
// (starvation -> starvation_pct; see kThresholdAliases and docs/report-json.md), or
// comparison.KEY. OP is one of > >= < <= == !=. UNIT is optional: % for *_pct keys, ns us µs ms s
// for *_ns keys. Throws io::InputError with one line for an unknown key or a malformed expression.
Threshold parseThreshold(std::string_view expression);

// Short names and the keys they stand for (besides NAME -> NAME_pct).
struct ThresholdAlias {
  std::string_view name;
  std::string_view key;
};
extern const std::vector<ThresholdAlias> kThresholdAliases;

struct GateResult {
  std::vector<std::string> crossed;  // one line per threshold crossed, per run and device
  std::vector<std::string> skipped;  // one line per figure that does not exist in a run (no steps, no copies)
};

GateResult evaluateThresholds(const Report& report, const std::vector<Threshold>& thresholds);

}  // namespace feedscope::report
