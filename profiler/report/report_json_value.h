// The JSON report as a value, for writers and checks inside feedscope_report (the --fail-if gate reads
// its keys); docs/report-json.md documents every key.
#pragma once

#include <nlohmann/json.hpp>

#include "report/report.h"

namespace feedscope::report {

nlohmann::json reportJson(const Report& report);
// One DEVICE object (the keys --fail-if accepts), of device `d` of run analysis `ra`.
nlohmann::json deviceJson(const analysis::RunAnalysis& ra, const analysis::DeviceAnalysis& d);
nlohmann::json comparisonJson(const analysis::RunComparison& c);
// One JOB object (the keys --fail-if accepts as job.KEY).
nlohmann::json jobJson(const job::JobAnalysis& j);

}  // namespace feedscope::report
