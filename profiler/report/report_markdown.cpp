// The Markdown report: to paste into an issue or a pull request.
#include <fmt/format.h>

#include <cctype>

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

// Text from a trace, made inert for Markdown (CommonMark and GitHub): punctuation that would start
// emphasis, a link, code, an HTML tag or an entity is backslash-escaped, a pipe cannot end a table
// cell, and a line break cannot end a row. "void k<float>()" stays visible instead of being eaten
// as an HTML tag. An underscore inside a word starts no emphasis and is left alone (h200_naive).
std::string cell(std::string_view text) {
  auto wordChar = [&](std::size_t i) {
    return i < text.size() && std::isalnum(static_cast<unsigned char>(text[i])) != 0;
  };
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    switch (c) {
      case '_':
        if (i == 0 || !wordChar(i - 1) || !wordChar(i + 1)) out += '\\';
        out += c;
        break;
      case '#':
        if (i == 0) out += '\\';
        out += c;
        break;
      case '\\': case '`': case '*': case '[': case ']': case '<': case '>': case '|': case '&': case '~':
        out += '\\';
        out += c;
        break;
      case '\n': case '\r':
        out += ' ';
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string gbps(std::optional<double> v) { return v ? formatGbps(*v) : "n/a"; }

void renderDevice(std::string& out, const trace::Run& run, const analysis::DeviceAnalysis& d) {
  const analysis::WindowMetrics& m = d.whole;
  out += fmt::format("## {} · GPU {}{}\n\n", cell(run.name), d.device,
                     d.device_name.empty() ? "" : " (" + cell(d.device_name) + ")");
  out += fmt::format("**Verdict:** {}.\n\n", cell(present::verdictLine(d)));
  out += "| figure | time | share of GPU window |\n|---|---:|---:|\n";
  out += fmt::format("| GPU window | {} | 100.00 % |\n", formatDuration(m.window_ns));
  out += fmt::format("| compute busy | {} | {} |\n", formatDuration(m.compute_busy_ns),
                     formatPct(m.computeBusyPct()));
  out += fmt::format("| **starvation** | **{}** | **{}** |\n", formatDuration(m.starvation_ns),
                     formatPct(m.starvationPct()));
  for (GapCause cause : present::kCausesInOrder) {
    if (m.gaps[cause] == 0) continue;
    out += fmt::format("| &nbsp;&nbsp;{} | {} | {} |\n", present::causeLabel(cause),
                       formatDuration(m.gaps[cause]), formatPct(m.pct(m.gaps[cause])));
    if (cause != GapCause::HostOther || d.host_other.ranges.empty()) continue;
    for (const present::HostOtherRow& row : present::hostOtherRows(d.host_other)) {
      out += fmt::format("| &nbsp;&nbsp;&nbsp;&nbsp;{} | {} | {} |\n", cell(row.label),
                         formatDuration(row.ns), formatPct(m.pct(row.ns)));
    }
  }
  out += fmt::format("| copy only | {} | {} |\n", formatDuration(m.copy_only_ns), formatPct(m.copyOnlyPct()));
  out += fmt::format("| fully idle | {} | {} |\n\n", formatDuration(m.fully_idle_ns), formatPct(m.fullyIdlePct()));
  auto overlap = m.h2dOverlapPct();
  out += fmt::format(
      "- Host-to-device copies: {} ({} pageable, {} pinned), {}, {} overall (pageable {}, pinned {})\n", m.h2d.count,
      m.h2d.pageable_count, m.h2d.pinned_count, formatBytes(m.h2d.bytes), gbps(m.h2d.gbps()),
      gbps(m.h2d.pageableGbps()), gbps(m.h2d.pinnedGbps()));
  out += fmt::format("- Copy time hidden under compute: {}; exposed {}\n",
                     overlap ? formatPct(*overlap) : "n/a", formatDuration(m.exposed_h2d_ns));
  if (d.step_summary) {
    const analysis::StepSummary& s = *d.step_summary;
    out += fmt::format("- Steps: {}, median {} ({:.1f} steps/s), p90 {}; median step: compute {}, copy wait {}, host "
                       "wait {}, other {}\n",
                       s.count, formatDuration(s.median_ns), s.stepsPerSecond(), formatDuration(s.p90_ns),
                       formatDuration(s.median_compute_ns), formatDuration(s.median_copy_wait_ns),
                       formatDuration(s.median_host_wait_ns), formatDuration(s.median_other_ns));
  }
  const analysis::WhatIf& w = d.what_if;
  if (const std::string withoutSync = present::withoutSyncText(d); !withoutSync.empty()) {
    out += "- What if " + cell(withoutSync) + "\n";
  }
  if (!analysis::offersPrefetching(d.verdict)) {
    out += "\n";
    return;
  }
  out += fmt::format(
      "- What if the input were prefetched (pinned copies on a side stream, the next batch loaded while "
      "this one trains): {}; paths: {}\n",
      present::prefetchResultText(d), present::prefetchPathsText(w));
  out += fmt::format("- What if input copies were hidden behind compute: {} ({:.2f}x)\n",
                     formatDuration(w.copies_hidden_ns), w.copiesHiddenSpeedup());
  if (w.pinned_ns && w.pinned_reference_gbps) {
    out += fmt::format("- What if pageable copies ran at pinned bandwidth ({}, {}): {} ({:.2f}x)\n",
                       formatGbps(*w.pinned_reference_gbps), w.pinned_reference_source, formatDuration(*w.pinned_ns),
                       w.pinnedSpeedup().value_or(1.0));
  }
  out += "\n";
}

void renderFinding(std::string& out, const analysis::Finding& f, trace::TimeNs origin,
                   const std::string& cost) {
  // A part is a sub-item of its root: "of which ...".
  const std::string pad = f.isRoot() ? "" : "  ";
  out += fmt::format("{}- {}**\\[{}\\] {}**{} · *{}* — {}\n{}  - *Fix:* {}\n", pad, present::findingPrefix(f),
                     analysis::severityName(f.severity), cell(f.title),
                     f.device >= 0 && f.isRoot() ? fmt::format(" (GPU {})", f.device) : "",
                     cost, cell(f.sentence), pad, cell(f.fix));
  if (f.ranges.empty()) return;
  out += fmt::format("{}  - *Evidence* ({} range{}, longest first, from the run's start):", pad,
                     f.ranges.size(), f.ranges.size() == 1 ? "" : "s");
  for (std::size_t i = 0; i < f.ranges.size() && i < 3; ++i) {
    out += fmt::format("{} {}..{} ({})", i == 0 ? "" : ";",
                       present::relativeTime(f.ranges[i].span.start, origin),
                       present::relativeTime(f.ranges[i].span.end, origin), cell(f.ranges[i].label));
  }
  out += "\n";
}

void renderFinding(std::string& out, const analysis::Finding& f, trace::TimeNs origin) {
  renderFinding(out, f, origin, present::findingCostText(f));
}

// Runs as columns, one row per figure; changes against the baseline marked ✅ better, ⚠️ worse.
void renderMarkdownComparison(std::string& out, const Report& report) {
  const analysis::ComparisonTable& t = *report.table;
  out += fmt::format("## Comparison: {}\n\n", cell(present::comparisonTitle(t)));
  for (const analysis::RunComparison& c : report.comparisons)
    out += fmt::format("- **{}**\n", cell(c.verdict));
  out += "\n| figure |";
  for (const auto& c : t.columns) out += " " + cell(c.label) + " |";
  out += "\n|---|";
  for (std::size_t c = 0; c < t.columns.size(); ++c) out += "---:|";
  out += "\n| speed against the baseline |";
  for (std::size_t c = 0; c < t.columns.size(); ++c) out += " " + present::throughputCellText(t, c) + " |";
  out += "\n";
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    out += "| " + t.rows[r].label + " |";
    for (std::size_t c = 0; c < t.columns.size(); ++c) {
      std::optional<bool> better;
      std::string text = present::comparisonCellText(t, r, c, &better);
      if (better) text += *better ? " ✅" : " ⚠️";
      out += " " + text + " |";
    }
    out += "\n";
  }
  out += "\n";
}

// A job: the straggler sentence, the ranks table, the clocks and notes, the job's findings.
void renderMarkdownJob(std::string& out, const job::JobAnalysis& job) {
  const JobTable t = jobTable(job);
  out += fmt::format("## {}\n\n**{}**\n\n{}\n\n|", cell(t.title), cell(t.headline), cell(t.step));
  for (const auto& h : t.header) out += " " + h + " |";
  out += "\n|";
  for (std::size_t i = 0; i < t.header.size(); ++i) out += i == 0 || i + 1 == t.header.size() ? "---|" : "---:|";
  out += "\n";
  for (const auto& row : t.rows) {
    out += "|";
    for (const auto& c : row) out += " " + cell(c) + " |";
    out += "\n";
  }
  out += "\n" + cell(t.clock) + "\n";
  for (const auto& note : t.notes) out += "\n- " + cell(note);
  out += "\n\n";
  if (job.findings.empty()) return;
  const trace::TimeNs origin = job.straggler ? job.ranks[job.straggler->index].time_origin : job.ranks.front().time_origin;
  out += fmt::format("### Job findings ({})\n\n", cell(job.name));
  for (const auto& f : job.findings) {
    renderFinding(out, f, origin, present::jobFindingCostText(f.cost_ns, f.cost_pct));
  }
  out += "\n";
}

}  // namespace

namespace {

void renderInputPipeline(std::string& out, const analysis::InputPipeline& p) {
  out += "### " + cell(present::inputPipelineTitle(p)) + "\n\n| | |\n|---|---|\n";
  for (const auto& [label, value] : present::inputPipelineRows(p)) out += "| " + cell(label) + " | " + cell(value) + " |\n";
  if (std::string w = present::workerPredictionsText(p); !w.empty()) out += "| step with N workers | " + cell(w) + " |\n";
  out += "\n";
}

}  // namespace

std::string renderMarkdownReport(const Report& report) {
  std::string out = fmt::format("# Feedscope report: {}\n\n", cell(report.input));
  for (const auto& line : report.unread) out += "- Not read: " + cell(line) + "\n";
  if (!report.unread.empty()) out += "\n";
  for (const auto& job : report.jobs) renderMarkdownJob(out, job);
  for (std::size_t j = 1; j < report.jobs.size(); ++j) {
    out += "**Jobs compared:** " + cell(jobComparisonSentence(report.jobs[0], report.jobs[j])) + "\n\n";
  }
  if (report.table) renderMarkdownComparison(out, report);
  for (std::size_t i = 0; i < report.runs.size(); ++i) {
    const trace::Run& run = *report.runs[i];
    const analysis::RunAnalysis& ra = report.analyses[i];
    if (ra.devices.empty()) {
      out += fmt::format("## {}\n\nNo GPU activity in this trace. Host: {}.\n\n", cell(run.name),
                         cell(present::hostSummaryText(ra.host)));
    }
    for (const auto& d : ra.devices) renderDevice(out, run, d);
    if (ra.input_pipeline) renderInputPipeline(out, *ra.input_pipeline);
    auto findings = ra.allFindings();
    if (findings.empty()) continue;
    out += fmt::format("### Findings ({})\n\n", cell(run.name));
    for (const auto* f : findings) renderFinding(out, *f, ra.time_origin);
    for (const auto& d : ra.devices) {
      if (!d.findings.empty()) out += fmt::format("- GPU {} {}\n", d.device, present::unexplainedText(d));
    }
    out += "\n";
  }
  out += "_Generated by Feedscope " FEEDSCOPE_VERSION_STRING "._\n";
  return out;
}

}  // namespace feedscope::report
