// Shared sentences.
#include "present/phrases.h"

#include <fmt/format.h>

#include "present/causes.h"
#include "present/numbers.h"
#include "trace/units.h"

namespace feedscope::present {

using trace::formatDuration;

std::string_view verdictSentence(analysis::InputBoundVerdict verdict) {
  switch (verdict) {
    case analysis::InputBoundVerdict::HighlyInputBound:
      return "highly input-bound";
    case analysis::InputBoundVerdict::ModeratelyInputBound:
      return "moderately input-bound";
    case analysis::InputBoundVerdict::CannotTell:
      return "cannot tell whether input is the cause";
    case analysis::InputBoundVerdict::NoInputPath:
      return "no input path";
    case analysis::InputBoundVerdict::NotInputBound:
      break;
  }
  return "not input-bound";
}

std::string inputBoundText(const analysis::DeviceAnalysis& d) {
  return fmt::format("prefetching would remove {} of {}", trace::formatPct(d.input_bound_pct),
                     d.step_summary ? "the median step" : "the GPU window");
}

std::string verdictLine(const analysis::DeviceAnalysis& d) {
  switch (d.verdict) {
    case analysis::InputBoundVerdict::CannotTell:
      return "cannot tell whether input is the cause: the trace has no host activity (no CUDA or HIP calls, no "
             "ranges), so what kept the GPU waiting is not in it";
    case analysis::InputBoundVerdict::NoInputPath:
      return std::string("no input path: the trace shows no data loading and no batch copied to the GPU, so "
                         "prefetching has nothing to remove") +
             (d.evidence.trains() ? "" : " (an inference or serving trace: no backward pass, no optimizer step)");
    default:
      break;
  }
  return fmt::format("{} ({})", verdictSentence(d.verdict), inputBoundText(d));
}

std::string withoutSyncText(const analysis::DeviceAnalysis& d) {
  const analysis::WhatIf& w = d.what_if;
  if (!w.without_sync_ns) return {};
  return fmt::format("without the synchronisations in the step (the GPU drained {} {} while the host waited): {} {} "
                     "({:.2f}x), bound by {}",
                     formatDuration(w.drained_ns), d.step_summary ? "a step" : "in the window",
                     formatDuration(*w.without_sync_ns), d.step_summary ? "per step" : "for the window",
                     w.withoutSyncSpeedup().value_or(1.0), w.without_sync_host_bound ? "host work" : "GPU work");
}

std::string pinnedReferenceText(const analysis::WhatIf& w) {
  if (!w.pinned_reference_gbps) return "no pinned bandwidth known";
  std::string text = trace::formatGbps(*w.pinned_reference_gbps) + ", " + w.pinned_reference_source;
  if (!w.pinned_reference_basis.empty()) text += ": " + w.pinned_reference_basis;
  return text;
}

std::string prefetchPathsText(const analysis::WhatIf& w) {
  const analysis::PrefetchPaths& p = w.prefetch_paths;
  std::string text = "GPU work " + formatDuration(p.gpu_ns);
  text += " · host work " +
          (p.host_ns ? formatDuration(*p.host_ns) : std::string("unknown (no API calls recorded)"));
  text += " · input copies " + formatDuration(p.copy_ns) + " (" + pinnedReferenceText(w) + ")";
  if (p.loader_ns) text += " · loader workers " + formatDuration(*p.loader_ns);
  return text;
}

std::string prefetchResultText(const analysis::DeviceAnalysis& d) {
  const analysis::WhatIf& w = d.what_if;
  return fmt::format("{} {} ({:.2f}x), bound by {}", formatDuration(w.prefetch_step_ns),
                     d.step_summary ? "per step" : "for the window", w.prefetchSpeedup(),
                     analysis::prefetchBoundLabel(w.prefetch_bound));
}

std::string hostSummaryText(const analysis::HostSummary& h) {
  std::string out = h.steps == 0 ? std::string("no steps found")
                                 : fmt::format("{} step{}, median {} ({:.1f} steps/s)", h.steps, h.steps == 1 ? "" : "s",
                                               formatDuration(h.step_median_ns), h.stepsPerSecond());
  if (h.loads == 0) return out + "; no data-loading ranges found";
  out += fmt::format("; {} data-loading range{}, {} in all (median {}", h.loads, h.loads == 1 ? "" : "s",
                     formatDuration(h.loading_ns), formatDuration(h.loading_median_ns));
  if (h.steps_span_ns > 0) {
    out += ", " + trace::formatPct(100.0 * static_cast<double>(h.loading_ns) / static_cast<double>(h.steps_span_ns)) +
           " of the steps";
  }
  return out + ")";
}

std::string runHeadline(const analysis::RunAnalysis& run) {
  const analysis::DeviceAnalysis* d = run.primary();
  if (d == nullptr) return "no GPU work in this run";
  const analysis::WindowMetrics& m = d->whole;
  std::array<trace::TimeNs, kCauseGroupCount> byGroup{};
  for (analysis::GapCause cause : kCausesInOrder)
    byGroup[static_cast<std::size_t>(causeGroup(cause))] += m.gaps[cause];
  std::string parts;
  for (int g = 0; g < kCauseGroupCount; ++g) {
    const auto group = static_cast<CauseGroup>(g);
    const std::string_view label =
        group == CauseGroup::Other ? std::string_view("other") : causeGroupLabel(group);
    parts += fmt::format("{}{} {}", parts.empty() ? "" : ", ", label,
                         trace::formatPct(m.pct(byGroup[static_cast<std::size_t>(g)])));
  }
  std::string out = fmt::format("starved {} of the GPU window ({}) · {}", trace::formatPct(m.starvationPct()),
                                parts, verdictSentence(d->verdict));
  if (d->step_summary) {
    out += fmt::format(" · {} steps, median {}", d->step_summary->count,
                       formatDuration(d->step_summary->median_ns));
  }
  if (analysis::offersPrefetching(d->verdict)) out += " · prefetched " + prefetchResultText(*d);
  if (run.devices.size() > 1) out += fmt::format(" · GPU {} of {}", d->device, run.devices.size());
  return out;
}

std::vector<HostOtherRow> hostOtherRows(const analysis::HostWaitByName& names) {
  std::vector<HostOtherRow> rows;
  if (names.ranges.empty()) return rows;
  trace::TimeNs rest = 0;
  for (std::size_t i = 0; i < names.ranges.size(); ++i) {
    if (i < kHostRangesNamed) {
      rows.push_back({"`" + names.ranges[i].name + "`", names.ranges[i].ns});
    } else {
      rest += names.ranges[i].ns;
    }
  }
  if (names.ranges.size() > kHostRangesNamed) {
    rows.push_back({fmt::format("{} other ranges", names.ranges.size() - kHostRangesNamed), rest});
  }
  rows.push_back({"unnamed", names.unnamed_ns});
  return rows;
}

std::string findingCostText(const analysis::Finding& f) {
  std::string text;
  if (f.cost_ns <= 0) {
    text = "no GPU idle time";
  } else if (f.isRoot()) {
    text = fmt::format("costs {} of GPU idle time ({} of the GPU window)", formatDuration(f.cost_ns),
                       trace::formatPct(f.cost_pct));
  } else {
    text = formatDuration(f.cost_ns) + " of it";
  }
  if (f.host_ns > 0) text += "; host blocked " + formatDuration(f.host_ns);
  return text;
}

std::string_view findingPrefix(const analysis::Finding& f) {
  return f.isRoot() ? "" : "of which ";
}

std::string unexplainedText(const analysis::DeviceAnalysis& d) {
  return fmt::format("unexplained: {} ({} of the GPU window) of the starvation no finding explains",
                     formatDuration(d.unexplained_ns), trace::formatPct(d.whole.pct(d.unexplained_ns)));
}

std::string comparisonCellText(const analysis::ComparisonTable& table, std::size_t row, std::size_t column,
                               std::optional<bool>* better) {
  const analysis::MetricDelta& cell = table.cells[row][column];
  std::string text = formatMetricValue(cell, cell.b);
  if (better) *better = std::nullopt;
  if (table.isBaseline(column) || !cell.delta()) return text;
  if (better) *better = cell.improved();
  return text + " (" + formatMetricChange(cell) + ")";
}

std::string throughputCellText(const analysis::ComparisonTable& table, std::size_t column) {
  if (table.isBaseline(column)) return "baseline";
  const auto& ratio = table.throughput_ratio[column];
  return ratio ? fmt::format("{:.2f}x", *ratio) : "n/a";
}

std::string comparisonTitle(const analysis::ComparisonTable& table) {
  return fmt::format("{} runs against {} (baseline)", table.run_count, table.baseline_name);
}

}  // namespace feedscope::present
