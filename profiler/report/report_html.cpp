// The HTML report: one self-contained page to send to a colleague or attach to a pull request. The
// verdict first; then the comparison, the charts, and per run its figures, timeline strips and
// findings. Text from a trace always goes through htmlEscaped.
#include <fmt/format.h>

#include <algorithm>

#include "present/input_pipeline_text.h"
#include "present/causes.h"
#include "present/job_phrases.h"
#include "report/job_table.h"
#include "present/numbers.h"
#include "present/phrases.h"
#include "report/html_text.h"
#include "report/kernel_summary.h"
#include "report/report.h"
#include "report/report_html_charts.h"
#include "report/report_html_style.h"
#include "report/svg_timeline.h"
#include "report/timeline_strip.h"
#include "trace/units.h"

namespace feedscope::report {

using analysis::DeviceAnalysis;
using analysis::GapCause;
using trace::formatBytes;
using trace::formatDuration;
using trace::formatGbps;
using trace::formatPct;

namespace {

// Pixel columns of a timeline strip.
constexpr std::size_t kStripColumns = 1000;
constexpr std::size_t kBusiestKernelRows = 8;
constexpr std::size_t kEvidenceRows = 5;
// Template-heavy kernel names run to kilobytes: the table shows the start, the tooltip all of it.
constexpr std::size_t kKernelNameBytes = 140;

std::string esc(std::string_view text) {
  return htmlEscaped(text);
}

// The first `maxBytes` bytes of `text`, cut on a UTF-8 character boundary, and an ellipsis.
std::string shortenedUtf8(std::string_view text, std::size_t maxBytes) {
  std::size_t cut = std::min(maxBytes, text.size());
  while (cut > 0 && cut < text.size() && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return std::string(text.substr(0, cut)) + "…";
}

std::string gbps(std::optional<double> v) {
  return v ? formatGbps(*v) : "n/a";
}

std::string deviceTitle(const DeviceAnalysis& d) {
  return fmt::format("GPU {}{}", d.device, d.device_name.empty() ? "" : " (" + d.device_name + ")");
}

void row(std::string& out, std::string_view label, std::string_view value, std::string_view share = {},
         std::string_view cls = {}) {
  const std::string cellClass = cls == "sub" || cls == "sub2" ? fmt::format(" class=\"{}\"", cls) : "";
  out += fmt::format("<tr{}><td{}>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>\n",
                     cls == "total" ? " class=\"total\"" : "", cellClass, esc(label), esc(value), esc(share));
}

void summaryCard(std::string& out, const trace::Run& run, const DeviceAnalysis& d, std::size_t deviceCount) {
  const analysis::WindowMetrics& m = d.whole;
  std::string verdictKey(analysis::verdictKey(d.verdict));
  out += fmt::format("<div class=\"card {}\"><div class=\"run\">{}</div><div class=\"meta\">{}</div>",
                     verdictKey, esc(run.name),
                     esc(deviceCount > 1 || !d.device_name.empty() ? deviceTitle(d) : ""));
  out +=
      fmt::format("<span class=\"badge {}\">{}</span>", verdictKey, esc(present::verdictSentence(d.verdict)));
  out += "<dl>";
  if (analysis::offersPrefetching(d.verdict)) {
    out += fmt::format("<dt>input-bound</dt><dd>{}</dd>", esc(present::inputBoundText(d)));
    out += fmt::format("<dt>prefetched</dt><dd>{}</dd>", esc(present::prefetchResultText(d)));
  } else {
    out += fmt::format("<dt>input</dt><dd>{}</dd>", esc(present::verdictLine(d)));
  }
  out += fmt::format("<dt>starvation</dt><dd>{} of the GPU window (copy wait {}, host wait {})</dd>",
                     formatPct(m.starvationPct()), formatPct(m.pct(m.gaps.copyWait())),
                     formatPct(m.pct(m.gaps.hostWait())));
  if (d.step_summary) {
    out += fmt::format("<dt>median step</dt><dd>{} ({:.1f} steps/s, {} steps)</dd>",
                       formatDuration(d.step_summary->median_ns), d.step_summary->stepsPerSecond(),
                       d.step_summary->count);
  } else {
    out += fmt::format("<dt>GPU window</dt><dd>{} (no steps found)</dd>", formatDuration(m.window_ns));
  }
  auto overlap = m.h2dOverlapPct();
  out += fmt::format("<dt>H2D copies</dt><dd>{} ({} pageable, {} pinned), {} hidden under compute</dd>",
                     m.h2d.count, m.h2d.pageable_count, m.h2d.pinned_count,
                     overlap ? formatPct(*overlap) : "n/a");
  out += "</dl>";
  if (!d.findings.empty()) {
    out += fmt::format("<p><span class=\"badge {}\">{}</span> {}</p>",
                       analysis::severityName(d.findings.front().severity),
                       analysis::severityName(d.findings.front().severity), esc(d.findings.front().title));
  }
  out += "</div>\n";
}

void renderSummary(std::string& out, const Report& report) {
  out += "<section id=\"summary\"><h2>Verdict</h2>\n";
  for (const analysis::RunComparison& c : report.comparisons)
    out += "<p class=\"headline\">" + esc(c.verdict) + "</p>\n";
  out += "<div class=\"cards\">\n";
  for (std::size_t i = 0; i < report.runs.size(); ++i) {
    const analysis::RunAnalysis& ra = report.analyses[i];
    if (ra.devices.empty()) {
      out += fmt::format(
          "<div class=\"card\"><div class=\"run\">{}</div><p>No GPU activity in this trace: there is no "
          "GPU time to measure.</p></div>\n",
          esc(report.runs[i]->name));
    }
    for (const auto& d : ra.devices) summaryCard(out, *report.runs[i], d, ra.devices.size());
  }
  out += "</div></section>\n";
}

// One table: runs as columns, a row per figure, each change against the baseline marked.
void renderComparisons(std::string& out, const Report& report) {
  if (!report.table) return;
  const analysis::ComparisonTable& t = *report.table;
  out += fmt::format("<section class=\"comparison\"><h2>Comparison: {}</h2>\n",
                     esc(present::comparisonTitle(t)));
  out += "<table><tr><th>figure</th>";
  for (const auto& c : t.columns) out += "<th class=\"num\">" + esc(c.label) + "</th>";
  out += "</tr>\n<tr><td>speed against the baseline</td>";
  for (std::size_t c = 0; c < t.columns.size(); ++c)
    out += "<td class=\"num\">" + esc(present::throughputCellText(t, c)) + "</td>";
  out += "</tr>\n";
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    out += "<tr><td>" + esc(t.rows[r].label) + "</td>";
    for (std::size_t c = 0; c < t.columns.size(); ++c) {
      std::optional<bool> better;
      std::string text = present::comparisonCellText(t, r, c, &better);
      const char* cls = !better ? "" : *better ? " improved" : " worse";
      const char* mark = !better ? "" : *better ? " ▲ better" : " ▼ worse";
      out += fmt::format("<td class=\"num{}\">{}{}</td>", cls, esc(text), mark);
    }
    out += "</tr>\n";
  }
  out += "</table></section>\n";
}

void renderCharts(std::string& out, const Report& report) {
  bool anyDevice = false;
  for (const auto& ra : report.analyses) anyDevice = anyDevice || !ra.devices.empty();
  if (!anyDevice) return;
  out += "<section id=\"charts\"><h2>Charts</h2><div class=\"charts\">\n";
  out += "<figure>" + stepTimeChart(report) +
         "<figcaption>Step time of every step, in order: steady lines are healthy, spikes are "
         "stalls.</figcaption></figure>\n";
  out += "<figure>" + stepBreakdownChart(report) +
         "<figcaption>Where the median step goes: compute, waiting for input copies, waiting for the host, "
         "other.</figcaption></figure>\n";
  out +=
      "<figure>" + h2dBandwidthChart(report) +
      "<figcaption>Bandwidth of every host-to-device copy against its size (log scale). Pageable copies are "
      "staged by the driver and run slower than pinned ones; small copies are "
      "latency-bound.</figcaption></figure>\n";
  out += "<figure>" + idleGapHistogram(report) +
         "<figcaption>Idle time of compute by the length of its gaps (the count is in each bar's tooltip): idle "
         "time in many short gaps points at launch overhead, in long ones at waiting for input.</figcaption>"
         "</figure>\n";
  out += "</div></section>\n";
}

void renderFigures(std::string& out, const DeviceAnalysis& d) {
  const analysis::WindowMetrics& m = d.whole;
  out +=
      "<div class=\"two\"><div><h4>Where the GPU window went</h4><table>"
      "<tr><th>figure</th><th class=\"num\">time</th><th class=\"num\">share</th></tr>\n";
  row(out, "GPU window", formatDuration(m.window_ns), "100.00 %");
  row(out, "compute busy", formatDuration(m.compute_busy_ns), formatPct(m.computeBusyPct()));
  row(out, "starvation (compute idle)", formatDuration(m.starvation_ns), formatPct(m.starvationPct()),
      "total");
  for (GapCause cause : present::kCausesInOrder) {
    if (m.gaps[cause] == 0) continue;
    // A swatch of the cause's colour: the one the timeline strips below and the GUI's starvation lane use.
    out += fmt::format(
        "<tr><td class=\"sub\"><span class=\"swatch\" style=\"background:{}\"></span>{}</td><td "
        "class=\"num\">{}</td><td class=\"num\">{}</td></tr>\n",
        present::hex(present::causeColor(cause)), esc(present::causeLabel(cause)),
        esc(formatDuration(m.gaps[cause])), esc(formatPct(m.pct(m.gaps[cause]))));
    if (cause != GapCause::HostOther) continue;
    for (const present::HostOtherRow& r : present::hostOtherRows(d.host_other)) {
      row(out, r.label, formatDuration(r.ns), formatPct(m.pct(r.ns)), "sub2");
    }
  }
  row(out, "copy only", formatDuration(m.copy_only_ns), formatPct(m.copyOnlyPct()));
  row(out, "fully idle", formatDuration(m.fully_idle_ns), formatPct(m.fullyIdlePct()));
  out +=
      "</table></div>\n<div><h4>Copies, steps and estimates</h4><table class=\"kv\">"
      "<tr><th>figure</th><th>value</th></tr>\n";
  auto pair = [&out](std::string_view label, const std::string& value) {
    out += fmt::format("<tr><td class=\"key\">{}</td><td>{}</td></tr>\n", esc(label), esc(value));
  };
  pair("H2D copies", fmt::format("{} ({} pageable, {} pinned), {}", m.h2d.count, m.h2d.pageable_count,
                                 m.h2d.pinned_count, formatBytes(m.h2d.bytes)));
  pair("H2D bandwidth", fmt::format("{} (pageable {}, pinned {})", gbps(m.h2d.gbps()),
                                    gbps(m.h2d.pageableGbps()), gbps(m.h2d.pinnedGbps())));
  auto overlap = m.h2dOverlapPct();
  pair("H2D hidden under compute", fmt::format("{} (exposed {})", overlap ? formatPct(*overlap) : "n/a",
                                               formatDuration(m.exposed_h2d_ns)));
  pair("D2H copies", fmt::format("{}, {}", m.d2h.count, formatBytes(m.d2h.bytes)));
  pair("GPU work",
       fmt::format("{} kernels, {} memsets, {} idle gaps", m.kernel_count, m.memset_count, m.gap_count));
  if (d.step_summary) {
    const analysis::StepSummary& s = *d.step_summary;
    pair("steps", fmt::format("{} ({:.1f} steps/s at the median)", s.count, s.stepsPerSecond()));
    pair("step time",
         fmt::format("median {}, min {}, p90 {}, max {}", formatDuration(s.median_ns),
                     formatDuration(s.min_ns), formatDuration(s.p90_ns), formatDuration(s.max_ns)));
    pair("median step",
         fmt::format("compute {}, copy wait {}, host wait {}, other {}", formatDuration(s.median_compute_ns),
                     formatDuration(s.median_copy_wait_ns), formatDuration(s.median_host_wait_ns),
                     formatDuration(s.median_other_ns)));
  } else {
    pair("steps", "none found: figures are over the GPU window");
  }
  const analysis::WhatIf& w = d.what_if;
  std::string per = d.step_summary ? " per step" : "";
  if (const std::string withoutSync = present::withoutSyncText(d); !withoutSync.empty()) {
    pair("estimate: synchronisations", withoutSync);
  }
  if (!analysis::offersPrefetching(d.verdict)) {
    pair("input", present::verdictLine(d));
  } else {
    pair("estimate: prefetched", present::prefetchResultText(d) + "; paths: " + present::prefetchPathsText(w));
    pair("estimate: input copies hidden",
         fmt::format("{}{} ({:.2f}x)", formatDuration(w.copies_hidden_ns), per, w.copiesHiddenSpeedup()));
  }
  if (analysis::offersPrefetching(d.verdict) && w.pinned_ns && w.pinned_reference_gbps && m.h2d.pageable_count > 0) {
    pair("estimate: pageable copies pinned",
         fmt::format("{}{} ({:.2f}x at {}, {})", formatDuration(*w.pinned_ns), per,
                     w.pinnedSpeedup().value_or(1.0), formatGbps(*w.pinned_reference_gbps),
                     w.pinned_reference_source));
  }
  out += "</table></div></div>\n";
}

void renderTimelines(std::string& out, const trace::Run& run, const DeviceAnalysis& d,
                     const std::string& idPrefix) {
  if (d.whole.window.length() <= 0) return;
  TimelineStrip whole = buildTimelineStrip(run, d, d.whole.window, kStripColumns);
  out += "<h4>Timeline: the whole GPU window</h4><figure>" +
         svgTimelineStrip(whole, "Timeline of " + run.name + ", " + deviceTitle(d), idPrefix + "-all") +
         fmt::format(
             "<figcaption>{} from the first to the last GPU operation. Each lane's height in a pixel column "
             "is its "
             "busy fraction there (lighter: the busiest moment of the column). The starvation lane shows "
             "when no kernel ran, coloured by cause.</figcaption></figure>\n",
             esc(formatDuration(d.whole.window_ns)));
  if (const analysis::StepMetrics* step = representativeStep(d)) {
    TimelineStrip zoomed = buildTimelineStrip(run, d, step->step.span, kStripColumns);
    out += fmt::format("<h4>Timeline: a representative step (step {}, {})</h4><figure>", step->step.number,
                       esc(formatDuration(step->step.span.length())));
    out += svgTimelineStrip(zoomed, "Step " + std::to_string(step->step.number) + " of " + run.name,
                            idPrefix + "-step");
    out += fmt::format(
        "<figcaption>The step closest to the median step time ({}), starting at {} from the run's "
        "start: compute {}, starvation {}, input-bound {}.</figcaption></figure>\n",
        esc(formatDuration(d.step_summary->median_ns)),
        esc(present::relativeTime(step->step.span.start, run.timeOrigin())),
        esc(formatPct(step->metrics.computeBusyPct())), esc(formatPct(step->metrics.starvationPct())),
        esc(formatPct(step->inputBoundPct())));
  }
}

void renderKernels(std::string& out, const trace::Run& run, const trace::StringTable* strings,
                   const DeviceAnalysis& d) {
  if (strings == nullptr || d.whole.kernel_count == 0) return;
  auto kernels = busiestKernels(run, *strings, d.device, d.whole.window, kBusiestKernelRows);
  out +=
      "<h4>Busiest kernels</h4><table><tr><th>kernel</th><th class=\"num\">launches</th>"
      "<th class=\"num\">total time</th><th class=\"num\">share of window</th><th "
      "class=\"num\">mean</th></tr>\n";
  for (const KernelTotal& k : kernels) {
    std::string name = k.name.empty() ? "(unnamed)" : k.name;
    std::string shown = name.size() > kKernelNameBytes ? shortenedUtf8(name, kKernelNameBytes) : name;
    out += fmt::format(
        "<tr><td class=\"name\" title=\"{}\"><code>{}</code></td><td class=\"num\">{}</td><td "
        "class=\"num\">{}</td>"
        "<td class=\"num\">{}</td><td class=\"num\">{}</td></tr>\n",
        esc(name), esc(shown), k.count, esc(formatDuration(k.total_ns)),
        esc(formatPct(d.whole.pct(k.total_ns))),
        esc(formatDuration(k.count ? k.total_ns / static_cast<trace::TimeNs>(k.count) : 0)));
  }
  out +=
      "</table><p class=\"note\">Total time sums kernel durations; kernels running at once on several "
      "streams "
      "each count in full.</p>\n";
}

void renderFinding(std::string& out, const analysis::Finding& f, trace::TimeNs origin, const std::string& cost) {
  std::string severity(analysis::severityName(f.severity));
  // A part sits indented under its root ("of which ...").
  out += fmt::format(
      "<article class=\"finding {}{}\"><h4>{}<span class=\"badge {}\">{}</span> {}{} <span "
      "class=\"cost\">{}</span></h4>\n",
      severity, f.isRoot() ? "" : " part", esc(present::findingPrefix(f)), severity, severity, esc(f.title),
      f.device >= 0 && f.isRoot() ? esc(fmt::format(" (GPU {})", f.device)) : "",
      esc(cost));
  out += "<p>" + esc(f.sentence) + "</p>\n";
  out += "<p class=\"fix\"><b>Fix:</b> " + esc(f.fix) + "</p>\n";
  if (!f.ranges.empty()) {
    out += fmt::format(
        "<p class=\"note\">Evidence: {} range{}, longest first; times from the first GPU "
        "operation.</p>\n<table><tr><th class=\"num\">from</th><th class=\"num\">to</th>"
        "<th class=\"num\">length</th><th>what</th></tr>\n",
        f.ranges.size(), f.ranges.size() == 1 ? "" : "s");
    for (std::size_t i = 0; i < f.ranges.size() && i < kEvidenceRows; ++i) {
      const analysis::EvidenceRange& r = f.ranges[i];
      out += fmt::format(
          "<tr><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td></tr>\n",
          esc(present::relativeTime(r.span.start, origin)), esc(present::relativeTime(r.span.end, origin)),
          esc(formatDuration(r.span.length())), esc(r.label));
    }
    if (f.ranges.size() > kEvidenceRows) {
      out += fmt::format("<tr><td colspan=\"4\" class=\"note\">and {} more (in the JSON report)</td></tr>\n",
                         f.ranges.size() - kEvidenceRows);
    }
    out += "</table>\n";
  }
  out += "</article>\n";
}

void renderFinding(std::string& out, const analysis::Finding& f, trace::TimeNs origin) {
  renderFinding(out, f, origin, present::findingCostText(f));
}

// A job before everything else: its ranks run at one speed, the question is which rank it waits for.
void renderJob(std::string& out, const job::JobAnalysis& job) {
  const JobTable t = jobTable(job);
  out += "<section class=\"job\"><h2>" + esc(t.title) + "</h2>\n";
  out += "<p class=\"headline\">" + esc(t.headline) + "</p>\n<p>" + esc(t.step) + "</p>\n<table><tr>";
  for (std::size_t i = 0; i < t.header.size(); ++i) {
    out += std::string(i == 0 || i + 1 == t.header.size() ? "<th>" : "<th class=\"num\">") + esc(t.header[i]) + "</th>";
  }
  out += "</tr>\n";
  for (const auto& row : t.rows) {
    out += "<tr>";
    for (std::size_t i = 0; i < row.size(); ++i) {
      out += std::string(i == 0 || i + 1 == row.size() ? "<td>" : "<td class=\"num\">") + esc(row[i]) + "</td>";
    }
    out += "</tr>\n";
  }
  out += "</table>\n<p class=\"note\">" + esc(t.clock) + "</p>\n";
  for (const auto& note : t.notes) out += "<p class=\"note\">" + esc(note) + "</p>\n";
  const trace::TimeNs origin = job.straggler ? job.ranks[job.straggler->index].time_origin : job.ranks.front().time_origin;
  if (!job.findings.empty()) out += "<h3>Job findings</h3>\n";
  for (const auto& f : job.findings) {
    renderFinding(out, f, origin, present::jobFindingCostText(f.cost_ns, f.cost_pct));
  }
  out += "<p class=\"note\">Each rank's own report follows below.</p></section>\n";
}

void renderRun(std::string& out, const Report& report, std::size_t index) {
  const trace::Run& run = *report.runs[index];
  const analysis::RunAnalysis& ra = report.analyses[index];
  out += fmt::format("<section class=\"run\"><h2>Run: {}</h2>\n", esc(run.name));
  std::string about;
  if (!run.source.empty()) about += "source " + run.source;
  if (!run.command.empty()) about += (about.empty() ? "" : " · ") + std::string("command ") + run.command;
  for (const auto& [key, value] : run.labels) about += (about.empty() ? "" : " · ") + key + "=" + value;
  if (!about.empty()) out += "<p class=\"meta\">" + esc(about) + "</p>\n";
  // Instants (zero-length records) are kept and counted, so only broken records are "left out".
  if (ra.records.dropped || ra.records.invalid) {
    out += fmt::format("<p class=\"note\">Records left out: {} dropped by the collector, {} invalid.</p>\n",
                       ra.records.dropped, ra.records.invalid);
  }
  if (ra.devices.empty()) out += "<p>No GPU activity in this trace. Host: " + esc(present::hostSummaryText(ra.host)) + ".</p>\n";
  if (ra.input_pipeline) {
    const analysis::InputPipeline& p = *ra.input_pipeline;
    out += "<h3>" + esc(present::inputPipelineTitle(p)) + "</h3>\n<table class=\"figures\">\n";
    for (const auto& [label, value] : present::inputPipelineRows(p)) {
      out += "<tr><th>" + esc(label) + "</th><td>" + esc(value) + "</td></tr>\n";
    }
    if (std::string w = present::workerPredictionsText(p); !w.empty()) {
      out += "<tr><th>step with N workers</th><td>" + esc(w) + "</td></tr>\n";
    }
    out += "</table>\n";
  }
  for (std::size_t k = 0; k < ra.devices.size(); ++k) {
    const DeviceAnalysis& d = ra.devices[k];
    out += "<h3>" + esc(deviceTitle(d)) + "</h3>\n";
    renderFigures(out, d);
    renderTimelines(out, run, d, fmt::format("r{}d{}", index, k));
    renderKernels(out, run, report.stringsOf(index), d);
  }
  auto findings = ra.allFindings();
  out += fmt::format("<h3>Findings ({})</h3>\n", findings.size());
  if (findings.empty())
    out += "<p>None: nothing in this run costs input time that the rules recognise.</p>\n";
  for (const analysis::Finding* f : findings) renderFinding(out, *f, ra.time_origin);
  for (const DeviceAnalysis& d : ra.devices) {
    if (!d.findings.empty())
      out += fmt::format("<p class=\"note\">GPU {} {}.</p>\n", d.device, esc(present::unexplainedText(d)));
  }
  out += "</section>\n";
}

}  // namespace

std::string renderHtmlReport(const Report& report) {
  std::string out;
  out.reserve(1 << 20);
  out += "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n";
  out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
  out += "<meta name=\"generator\" content=\"Feedscope " FEEDSCOPE_VERSION_STRING "\">\n";
  out += "<title>Feedscope report: " + esc(report.input) + "</title>\n<style>";
  out += htmlReportStyle();
  out += "</style></head>\n<body>\n<header><h1>Feedscope report</h1>\n";
  out += fmt::format(
      "<p class=\"meta\"><code>{}</code> · {} run{} · is the GPU starving for input, why, and what "
      "would help</p></header>\n",
      esc(report.input), report.runs.size(), report.runs.size() == 1 ? "" : "s");
  for (const auto& line : report.unread) out += "<p class=\"note\">Not read: " + esc(line) + "</p>\n";
  for (const auto& job : report.jobs) renderJob(out, job);
  for (std::size_t j = 1; j < report.jobs.size(); ++j) {
    out += "<p class=\"headline\">Jobs compared: " + esc(jobComparisonSentence(report.jobs[0], report.jobs[j])) + "</p>\n";
  }
  renderSummary(out, report);
  renderComparisons(out, report);
  renderCharts(out, report);
  for (std::size_t i = 0; i < report.runs.size(); ++i) renderRun(out, report, i);
  out += "<footer>Generated by Feedscope " FEEDSCOPE_VERSION_STRING
         ". Figures are measured from the trace; what-if figures are estimates. Starvation is the time no "
         "kernel "
         "ran within the GPU window (first to last GPU operation).</footer>\n";
  out += "</body></html>\n";
  return out;
}

}  // namespace feedscope::report
