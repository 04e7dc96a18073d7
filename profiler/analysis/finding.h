// A finding: something the data shows that costs time, said plainly, with evidence and a fix. Its
// cost is the GPU idle time it explains; findings about the same idle time from another angle are
// parts of one root finding, so a GPU's root findings partition its starvation (docs/metrics.md,
// "Findings partition the starvation").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/gap_cause.h"
#include "analysis/span_set.h"

namespace feedscope::analysis {

enum class Severity : std::uint8_t { Info = 0, Low = 1, Medium = 2, High = 3 };
std::string_view severityName(Severity s);  // "info", "low", "medium", "high"

struct EvidenceRange {
  Span span;
  std::string label;  // "pageable copy, 18.8 MiB at 5.1 GB/s"
};

struct Finding {
  std::string id;  // stable rule id: "pageable_h2d", "sync_copies", ...
  Severity severity = Severity::Info;
  std::int32_t device = -1;
  std::string title;        // short: "Input copies from pageable memory"
  std::string sentence;     // the whole statement with figures
  std::string fix;          // what to change
  std::uint64_t count = 0;  // how many records the rule matched
  TimeNs time_ns = 0;   // time they cost as the rule measures it (kept for scripts: cost_ns is the one unit)
  double time_pct = 0;  // that time as % of the run's GPU window
  std::vector<EvidenceRange> ranges;  // where to look, the largest first (at most 10)

  // The GPU idle time (inside the GPU window) the finding explains, per starvation cause; cost_ns is
  // its total. A part's explanation lies inside its root's.
  GapBreakdown explains;
  TimeNs cost_ns = 0;
  double cost_pct = 0;  // cost_ns as % of the GPU window
  // Host time the finding costs (a host blocked in a copy call, loading on the training thread): told
  // as host time, never added to the GPU's idle time.
  TimeNs host_ns = 0;
  // The id of the root finding this one is a part of ("of which ..."); empty for a root.
  std::string part_of;

  bool isRoot() const { return part_of.empty(); }
};

}  // namespace feedscope::analysis
