// The terminal report: a table a person reads, the verdict first, then the findings.
#include <fmt/format.h>

#include <algorithm>

#include "present/causes.h"
#include "present/input_pipeline_text.h"
#include "present/job_phrases.h"
#include "present/numbers.h"
#include "present/phrases.h"
#include "report/report.h"
#include "report/job_table.h"
#include "trace/units.h"

namespace feedscope::report {

using analysis::GapCause;
using trace::formatBytes;
using trace::formatDuration;
using trace::formatGbps;
using trace::formatPct;

namespace {

// Code points, not bytes: the table holds "µs" and "·".
std::size_t displayWidth(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(
      s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string timeRow(std::string_view label, trace::TimeNs ns, double pct, int indent = 2) {
  return fmt::format("{:{}}{:<28}{:>12}  {:>9}\n", "", indent, label, formatDuration(ns), formatPct(pct));
}

std::string optionalGbps(std::optional<double> v) {
  return v ? formatGbps(*v) : "n/a";
}

// Under "host: other": the host ranges that kept the GPU waiting (present/phrases.h).
void renderHostOtherByName(std::string& out, const analysis::DeviceAnalysis& d) {
  // Range names are long ("autograd::engine::evaluate_function: AddmmBackward0"): their own column,
  // cut at the front where they must be (the end tells them apart).
  constexpr std::size_t kNameWidth = 44;
  for (const present::HostOtherRow& row : present::hostOtherRows(d.host_other)) {
    std::string label = row.label;
    if (displayWidth(label) > kNameWidth) {
      std::size_t cut = label.size();
      std::size_t kept = 0;
      while (cut > 0 && kept < kNameWidth - 1) {
        --cut;
        if ((static_cast<unsigned char>(label[cut]) & 0xC0) != 0x80) ++kept;
      }
      label = "…" + label.substr(cut);
    }
    out += fmt::format("      {}{}{:>12}  {:>9}\n", label, std::string(kNameWidth - displayWidth(label), ' '),
                       formatDuration(row.ns), formatPct(d.whole.pct(row.ns)));
  }
}

void renderInputPipeline(std::string& out, const analysis::InputPipeline& p) {
  out += "  " + present::inputPipelineTitle(p) + "\n";
  for (const auto& [label, value] : present::inputPipelineRows(p)) out += fmt::format("    {:<26}{}\n", label, value);
  if (std::string w = present::workerPredictionsText(p); !w.empty()) out += "    step with N workers       " + w + "\n";
  out += "\n";
}

void renderDevice(std::string& out, const trace::Run& run, const analysis::DeviceAnalysis& d) {
  const analysis::WindowMetrics& m = d.whole;
  std::string device = fmt::format("GPU {}{}", d.device, d.device_name.empty() ? "" : " (" + d.device_name + ")");
  std::string steps = d.step_summary ? fmt::format(" · {} steps", d.step_summary->count) : " · no steps found";
  out += fmt::format("Run {} · {}{}\n", run.name, device, steps);
  out += fmt::format("  Verdict: {}\n\n", present::verdictLine(d));
  out += fmt::format("  {:<28}{:>12}\n", "GPU window", formatDuration(m.window_ns));
  out += timeRow("compute busy", m.compute_busy_ns, m.computeBusyPct());
  out += timeRow("starvation (compute idle)", m.starvation_ns, m.starvationPct());
  for (GapCause cause : present::kCausesInOrder) {
    out += timeRow(present::causeLabel(cause), m.gaps[cause], m.pct(m.gaps[cause]), 4);
    if (cause == GapCause::HostOther) renderHostOtherByName(out, d);
  }
  out += timeRow("copy only", m.copy_only_ns, m.copyOnlyPct());
  out += timeRow("fully idle", m.fully_idle_ns, m.fullyIdlePct());
  out += "\n";
  std::string other = m.h2d.other_count ? fmt::format(", unknown host memory {}", m.h2d.other_count) : "";
  out += fmt::format("  {:<16}{} (pageable {}, pinned {}{}), {}, {} (pageable {}, pinned {})\n", "H2D copies",
                     m.h2d.count, m.h2d.pageable_count, m.h2d.pinned_count, other, formatBytes(m.h2d.bytes),
                     optionalGbps(m.h2d.gbps()), optionalGbps(m.h2d.pageableGbps()), optionalGbps(m.h2d.pinnedGbps()));
  auto overlap = m.h2dOverlapPct();
  out += fmt::format("  {:<16}{} of copy time hidden under compute; exposed {}, hidden {}\n", "H2D overlap",
                     overlap ? formatPct(*overlap) : "n/a (no input copies)", formatDuration(m.exposed_h2d_ns),
                     formatDuration(m.hidden_h2d_ns));
  out += fmt::format("  {:<16}{}, {}, {}\n", "D2H copies", m.d2h.count, formatBytes(m.d2h.bytes),
                     optionalGbps(m.d2h.gbps()));
  out += fmt::format("  {:<16}{} kernels, {} memsets, {} idle gaps\n", "GPU work", m.kernel_count, m.memset_count,
                     m.gap_count);
  if (d.step_summary) {
    const analysis::StepSummary& s = *d.step_summary;
    out += fmt::format("  {:<16}{}: median {} ({:.1f} steps/s), min {}, p90 {}, max {}\n", "Steps", s.count,
                       formatDuration(s.median_ns), s.stepsPerSecond(), formatDuration(s.min_ns),
                       formatDuration(s.p90_ns), formatDuration(s.max_ns));
    out += fmt::format("  {:<16}compute {} · copy wait {} · host wait {} · other {} (medians)\n", "", 
                       formatDuration(s.median_compute_ns), formatDuration(s.median_copy_wait_ns),
                       formatDuration(s.median_host_wait_ns), formatDuration(s.median_other_ns));
  }
  const analysis::WhatIf& w = d.what_if;
  std::string per = d.step_summary ? "per step" : "for the window";
  const std::string withoutSync = present::withoutSyncText(d);
  if (!analysis::offersPrefetching(d.verdict)) {
    // No input path, or no host side: prefetching is not offered; a synchronisation's what-if still is.
    if (!withoutSync.empty()) out += fmt::format("  {:<16}{}\n", "What if", withoutSync);
    out += "\n";
    return;
  }
  out += fmt::format(
      "  {:<16}prefetching (pinned copies on a side stream, the next batch loaded while this one trains):\n",
      "What if");
  out += fmt::format("  {:<16}  {}\n", "", present::prefetchResultText(d));
  out += fmt::format("  {:<16}  paths: {}\n", "", present::prefetchPathsText(w));
  if (!withoutSync.empty()) out += fmt::format("  {:<16}{}\n", "", withoutSync);
  out += fmt::format("  {:<16}input copies hidden behind compute: {} {} ({:.2f}x)\n", "",
                     formatDuration(w.copies_hidden_ns), per, w.copiesHiddenSpeedup());
  if (w.pinned_ns && w.pinned_reference_gbps) {
    out += fmt::format("  {:<16}pageable copies at pinned bandwidth ({}, {}): {} {} ({:.2f}x)\n", "",
                       formatGbps(*w.pinned_reference_gbps), w.pinned_reference_source, formatDuration(*w.pinned_ns),
                       per, w.pinnedSpeedup().value_or(1.0));
  } else if (m.h2d.pageable_count > 0) {
    out += fmt::format("  {:<16}pageable copies at pinned bandwidth: no pinned reference (run `feedscope calibrate` "
                       "or pass --pinned-gbps)\n", "");
  }
  out += "\n";
}

void renderFinding(std::string& out, const analysis::Finding& f, trace::TimeNs origin,
                   const std::string& cost) {
  // A part is indented under its root: "of which ...".
  const std::string pad = f.isRoot() ? "" : "    ";
  std::string device = f.device >= 0 && f.isRoot() ? fmt::format(" (GPU {})", f.device) : "";
  out += fmt::format("{}  {}[{}] {}{} — {}\n", pad, present::findingPrefix(f),
                     analysis::severityName(f.severity), f.title, device, cost);
  out += fmt::format("{}      {}\n", pad, f.sentence);
  out += fmt::format("{}      Fix: {}\n", pad, f.fix);
  if (!f.ranges.empty()) {
    out += fmt::format("{}      Evidence: {} ranges, longest first:", pad, f.ranges.size());
    for (std::size_t i = 0; i < f.ranges.size() && i < 3; ++i) {
      out += fmt::format(" {}..{} ({}){}", present::relativeTime(f.ranges[i].span.start, origin),
                         present::relativeTime(f.ranges[i].span.end, origin), f.ranges[i].label,
                         i + 1 < std::min<std::size_t>(3, f.ranges.size()) ? ";" : "");
    }
    out += "\n";
  }
}

void renderFinding(std::string& out, const analysis::Finding& f, trace::TimeNs origin) {
  renderFinding(out, f, origin, present::findingCostText(f));
}

std::string padLeft(const std::string& s, std::size_t width) {
  std::size_t w = displayWidth(s);
  return std::string(width > w ? width - w : 0, ' ') + s;
}

// Runs as columns, one row per figure; a change is marked + when it is better, - when worse.
void renderTextComparison(std::string& out, const Report& report) {
  const analysis::ComparisonTable& t = *report.table;
  std::vector<std::vector<std::string>> grid;  // grid[row][0] = label, then one cell per column
  grid.push_back({"run"});
  for (const auto& c : t.columns) grid.back().push_back(c.label);
  grid.push_back({"speed against the baseline"});
  for (std::size_t c = 0; c < t.columns.size(); ++c) grid.back().push_back(present::throughputCellText(t, c));
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    grid.push_back({t.rows[r].label});
    for (std::size_t c = 0; c < t.columns.size(); ++c) {
      std::optional<bool> better;
      std::string cell = present::comparisonCellText(t, r, c, &better);
      if (better)
        cell += *better ? " +" : " -";
      else if (!t.isBaseline(c))
        cell += "  ";
      grid.back().push_back(std::move(cell));
    }
  }
  std::vector<std::size_t> width(t.columns.size() + 1, 0);
  for (const auto& row : grid) {
    for (std::size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], displayWidth(row[i]));
  }
  out += fmt::format("Comparison: {}; + better, - worse than the baseline\n", present::comparisonTitle(t));
  for (const auto& row : grid) {
    out += "  " + row[0] + std::string(width[0] - displayWidth(row[0]), ' ');
    for (std::size_t i = 1; i < row.size(); ++i) out += "  " + padLeft(row[i], width[i]);
    out += "\n";
  }
  for (const analysis::RunComparison& c : report.comparisons) out += fmt::format("  {}\n", c.verdict);
  out += "\n";
}

// Runs that are ranks of one job: the straggler sentence, the ranks table, the clocks, the job's
// findings (times from the straggler's or the first rank's start). Each rank's own report follows.
void renderTextJob(std::string& out, const job::JobAnalysis& job) {
  const JobTable t = jobTable(job);
  out += t.title + "\n  " + t.headline + "\n  " + t.step + "\n";
  std::vector<std::size_t> width(t.header.size(), 0);
  for (std::size_t i = 0; i < t.header.size(); ++i) width[i] = displayWidth(t.header[i]);
  for (const auto& row : t.rows) {
    for (std::size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], displayWidth(row[i]));
  }
  auto line = [&](const std::vector<std::string>& row) {
    std::string text = "  ";
    for (std::size_t i = 0; i < row.size(); ++i) {
      // The last column (starvation and its causes) is left as long as it is.
      const bool last = i + 1 == row.size();
      text += (i ? "  " : "") + (last ? row[i] : row[i] + std::string(width[i] - displayWidth(row[i]), ' '));
    }
    out += text + "\n";
  };
  line(t.header);
  for (const auto& row : t.rows) line(row);
  out += "  " + t.clock + "\n";
  for (const auto& note : t.notes) out += "  Note: " + note + "\n";
  if (!job.findings.empty()) {
    const trace::TimeNs origin = job.straggler ? job.ranks[job.straggler->index].time_origin : job.ranks.front().time_origin;
    out += "Job findings (costs are the job's time lost; times from that rank's start)\n";
    for (const auto& f : job.findings) {
      renderFinding(out, f, origin, present::jobFindingCostText(f.cost_ns, f.cost_pct));
    }
  }
  out += "\n";
}

}  // namespace

std::string renderTextReport(const Report& report) {
  std::string out = fmt::format("Feedscope report: {}\n\n", report.input);
  for (const auto& line : report.unread) out += "Not read: " + line + "\n";
  if (!report.unread.empty()) out += "\n";
  // A job first: its ranks run at one speed, and the job's question is which rank it waits for.
  for (const auto& job : report.jobs) renderTextJob(out, job);
  for (std::size_t j = 1; j < report.jobs.size(); ++j) {
    out += "Jobs compared: " + jobComparisonSentence(report.jobs[0], report.jobs[j]) + "\n\n";
  }
  // The comparison first: with several runs it is the answer; the per-run details follow.
  if (report.table) renderTextComparison(out, report);
  for (std::size_t i = 0; i < report.runs.size(); ++i) {
    const trace::Run& run = *report.runs[i];
    const analysis::RunAnalysis& ra = report.analyses[i];
    if (ra.devices.empty()) {
      out += fmt::format("Run {} · no GPU activity in this trace\n  Host: {}\n\n", run.name,
                         present::hostSummaryText(ra.host));
    }
    for (const auto& d : ra.devices) renderDevice(out, run, d);
    if (ra.input_pipeline) renderInputPipeline(out, *ra.input_pipeline);
    auto findings = ra.allFindings();
    out +=
        findings.empty()
            ? "Findings: none\n\n"
            : fmt::format("Findings ({}; costs are GPU idle time; times from the run's start)\n", run.name);
    for (const auto* f : findings) renderFinding(out, *f, ra.time_origin);
    for (const auto& d : ra.devices) {
      if (!d.findings.empty()) out += fmt::format("  GPU {} {}\n", d.device, present::unexplainedText(d));
    }
    if (!findings.empty()) out += "\n";
    // Instants (zero-length records) are kept and counted, so only broken records are "left out".
    if (ra.records.dropped || ra.records.invalid) {
      out += fmt::format("Records left out: {} dropped by the collector, {} invalid\n\n", ra.records.dropped,
                         ra.records.invalid);
    }
  }
  return out;
}

}  // namespace feedscope::report
