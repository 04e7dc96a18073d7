// The input pipeline's words.
#include "present/input_pipeline_text.h"

#include <fmt/format.h>

#include "trace/units.h"

namespace feedscope::present {

using trace::formatDuration;
using trace::formatPct;

std::string inputPipelineTitle(const analysis::InputPipeline& p) {
  return fmt::format("Input pipeline (Python hooks) · {} worker{} · {} steps", p.workers, p.workers == 1 ? "" : "s",
                     p.steps);
}

std::vector<std::pair<std::string, std::string>> inputPipelineRows(const analysis::InputPipeline& p) {
  std::vector<std::pair<std::string, std::string>> rows;
  rows.emplace_back("waiting in next(loader)",
                    fmt::format("{} ({} of the steps)", formatDuration(p.wait_ns), formatPct(p.wait_pct)));
  if (p.batch_ns > 0) {
    std::string batch = formatDuration(p.batch_ns);
    if (p.batch_cpu_ns > 0) batch += fmt::format(" ({} CPU)", formatDuration(p.batch_cpu_ns));
    batch += p.workers > 0 ? fmt::format(", median of {} batches", p.batches) : ", built on the main thread";
    if (!p.batch_type.empty()) batch += " of type " + p.batch_type;
    rows.emplace_back(p.workers > 0 ? "a worker's batch" : "a batch", batch);
  }
  if (p.steps > 0) {
    rows.emplace_back("a step", fmt::format("{} (its own work {})", formatDuration(p.step_ns),
                                            formatDuration(p.step_without_wait_ns)));
  }
  rows.emplace_back("cores", p.cores > 0 ? std::to_string(p.cores) : std::string("not known"));
  return rows;
}

std::string workerPredictionsText(const analysis::InputPipeline& p) {
  std::string out;
  int previous = 0;
  for (const auto& w : p.predictions) {
    if (!out.empty()) out += w.workers == previous + 1 ? " · " : " · … · ";
    previous = w.workers;
    out += fmt::format("{}: {}", w.workers, formatDuration(w.step_ns));
    if (w.workers == p.workers) out += " (today)";
    if (w.workers == p.keeps_up_at) out += " (keeps up)";
  }
  return out;
}

}  // namespace feedscope::present
