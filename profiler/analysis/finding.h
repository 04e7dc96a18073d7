// A finding: something the data shows that costs time, said plainly, with evidence and a fix.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

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
  std::string title;     // short: "Input copies from pageable memory"
  std::string sentence;  // the whole statement with figures
  std::string fix;       // what to change
  std::uint64_t count = 0;    // how many records the rule matched
  TimeNs time_ns = 0;         // time they cost (as the rule measures it)
  double time_pct = 0;        // that time as % of the run's GPU window
  std::vector<EvidenceRange> ranges;  // where to look, the largest first (at most 10)
};

}  // namespace feedscope::analysis
