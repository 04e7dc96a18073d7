// The JSON report: a stable interface for scripts and CI (docs/report-json.md). Keys are only added,
// never renamed; absent figures are null.
#include <algorithm>

#include "analysis/metric_keys.h"
#include "present/job_phrases.h"
#include "report/report_json_value.h"

namespace feedscope::report {

namespace metric_keys = analysis::metric_keys;

using analysis::GapCause;
using nlohmann::json;

namespace {

template <typename T>
json orNull(const std::optional<T>& v) {
  return v ? json(*v) : json(nullptr);
}

json gapsJson(const analysis::GapBreakdown& g);

json findingJson(const analysis::Finding& f) {
  json ranges = json::array();
  for (const auto& r : f.ranges) ranges.push_back({{"start_ns", r.span.start}, {"end_ns", r.span.end}, {"label", r.label}});
  return {{"id", f.id},
          {"severity", analysis::severityName(f.severity)},
          {"device", f.device >= 0 ? json(f.device) : json(nullptr)},
          {"title", f.title},
          {"sentence", f.sentence},
          {"fix", f.fix},
          {"count", f.count},
          {"time_ns", f.time_ns},
          {"time_pct", f.time_pct},
          {"cost_ns", f.cost_ns},
          {"cost_pct", f.cost_pct},
          {"host_ns", f.host_ns},
          {"part_of", f.part_of.empty() ? json(nullptr) : json(f.part_of)},
          {"explains", gapsJson(f.explains)},
          {"ranges", ranges}};
}

json copyJson(const analysis::CopyStats& s) {
  return {{"count", s.count},
          {"pageable_count", s.pageable_count},
          {"pinned_count", s.pinned_count},
          {"unknown_memory_count", s.other_count},
          {"small_count", s.small_count},
          {"sync_count", s.sync_count},
          {"bytes", s.bytes},
          {"pageable_bytes", s.pageable_bytes},
          {"pinned_bytes", s.pinned_bytes},
          {"duration_ns", s.duration_ns},
          {"gbps", orNull(s.gbps())},
          {"pageable_gbps", orNull(s.pageableGbps())},
          {"pinned_gbps", orNull(s.pinnedGbps())}};
}

json gapsJson(const analysis::GapBreakdown& g) {
  json out = json::object();
  for (int c = 0; c < analysis::kGapCauseCount; ++c) {
    out[std::string(analysis::gapCauseKey(static_cast<GapCause>(c)))] = g[static_cast<GapCause>(c)];
  }
  return out;
}

// The figures of one window, flat, with the key names the CLI's --fail-if accepts.
json windowJson(const analysis::WindowMetrics& m) {
  return {{"window_start_ns", m.window.start},
          {metric_keys::kWindowNs, m.window_ns},
          {metric_keys::kComputeBusyNs, m.compute_busy_ns},
          {"compute_busy_pct", m.computeBusyPct()},
          {"starvation_ns", m.starvation_ns},
          {metric_keys::kStarvationPct, m.starvationPct()},
          {"copy_only_ns", m.copy_only_ns},
          {metric_keys::kCopyOnlyPct, m.copyOnlyPct()},
          {"fully_idle_ns", m.fully_idle_ns},
          {metric_keys::kFullyIdlePct, m.fullyIdlePct()},
          {"gpu_busy_ns", m.gpu_busy_ns},
          {metric_keys::kH2dCount, m.h2d.count},
          {metric_keys::kH2dPageableCount, m.h2d.pageable_count},
          {metric_keys::kH2dPinnedCount, m.h2d.pinned_count},
          {"h2d_bytes", m.h2d.bytes},
          {"h2d_ns", m.h2d_ns},
          {metric_keys::kH2dOverlapPct, orNull(m.h2dOverlapPct())},
          {metric_keys::kExposedH2dNs, m.exposed_h2d_ns},
          {metric_keys::kHiddenH2dNs, m.hidden_h2d_ns},
          {metric_keys::kH2dGbps, orNull(m.h2d.gbps())},
          {"h2d_pageable_gbps", orNull(m.h2d.pageableGbps())},
          {"h2d_pinned_gbps", orNull(m.h2d.pinnedGbps())},
          {metric_keys::kKernelCount, m.kernel_count},
          {"memset_count", m.memset_count},
          {"gap_count", m.gap_count},
          {metric_keys::kCopyWaitNs, m.gaps.copyWait()},
          {metric_keys::kHostWaitNs, m.gaps.hostWait()},
          {"gaps_ns", gapsJson(m.gaps)},
          {"input_wait_pct", m.inputWaitPct()},
          {"h2d", copyJson(m.h2d)},
          {"d2h", copyJson(m.d2h)},
          {"d2d", copyJson(m.d2d)}};
}

// One object per step, built field by field: a run has thousands of steps, and nlohmann's nested
// initializer lists copy every value twice over (they were a tenth of `report --format json`).
json stepJson(const analysis::StepMetrics& s) {
  const analysis::WindowMetrics& m = s.metrics;
  json::object_t o;
  o.emplace("number", s.step.number);
  o.emplace("name", s.step.name);
  o.emplace("start_ns", s.step.span.start);
  o.emplace("duration_ns", m.window_ns);
  o.emplace(metric_keys::kComputeBusyNs, m.compute_busy_ns);
  o.emplace(metric_keys::kStarvationPct, m.starvationPct());
  o.emplace(metric_keys::kCopyWaitNs, m.gaps.copyWait());
  o.emplace(metric_keys::kHostWaitNs, m.gaps.hostWait());
  o.emplace(metric_keys::kExposedH2dNs, m.exposed_h2d_ns);
  o.emplace("input_wait_pct", m.inputWaitPct());
  o.emplace("prefetch_ns", s.prefetch.predicted_ns);
  o.emplace("prefetch_bound", analysis::prefetchBoundKey(s.prefetch.bound));
  o.emplace(metric_keys::kInputBoundPct, s.inputBoundPct());
  return json(std::move(o));
}

json stepsJson(const analysis::DeviceAnalysis& d) {
  json::array_t steps;
  steps.reserve(d.steps.size());
  for (const auto& s : d.steps) steps.push_back(stepJson(s));
  json perStep(std::move(steps));
  if (!d.step_summary) return {{"count", 0}, {"per_step", perStep}};
  const analysis::StepSummary& s = *d.step_summary;
  return {{"count", s.count},
          {"total_ns", s.total_ns},
          {"median_ns", s.median_ns},
          {"mean_ns", s.mean_ns},
          {"min_ns", s.min_ns},
          {"max_ns", s.max_ns},
          {"p90_ns", s.p90_ns},
          {metric_keys::kStepsPerSecond, s.stepsPerSecond()},
          {"median_breakdown_ns",
           {{"compute", s.median_compute_ns},
            {"copy_wait", s.median_copy_wait_ns},
            {"host_wait", s.median_host_wait_ns},
            {"other", s.median_other_ns}}},
          {"per_step", perStep}};
}

json whatIfJson(const analysis::WhatIf& w) {
  return {{"baseline_ns", w.baseline_ns},
          {"copies_hidden_ns", w.copies_hidden_ns},
          {"copies_hidden_speedup", w.copiesHiddenSpeedup()},
          {"pinned_ns", orNull(w.pinned_ns)},
          {"pinned_speedup", orNull(w.pinnedSpeedup())},
          {"pinned_reference_gbps", orNull(w.pinned_reference_gbps)},
          {"pinned_reference_source", w.pinned_reference_source.empty() ? json(nullptr) : json(w.pinned_reference_source)},
          {"pinned_reference_basis", w.pinned_reference_basis.empty() ? json(nullptr) : json(w.pinned_reference_basis)},
          {"pageable_gbps", orNull(w.pageable_gbps)},
          {"without_sync_ns", orNull(w.without_sync_ns)},
          {"without_sync_speedup", orNull(w.withoutSyncSpeedup())},
          {"without_sync_bound", w.without_sync_ns ? json(w.without_sync_host_bound ? "host_work" : "gpu_work") : json(nullptr)},
          {"drained_ns", w.drained_ns},
          {metric_keys::kPrefetchStepNs, w.prefetch_step_ns},
          {"prefetch_speedup", w.prefetchSpeedup()},
          {"prefetch_bound", analysis::prefetchBoundKey(w.prefetch_bound)},
          {"prefetch_paths_ns",
           {{"gpu_work", w.prefetch_paths.gpu_ns},
            {"host_work", orNull(w.prefetch_paths.host_ns)},
            {"input_copy", w.prefetch_paths.copy_ns},
            {"loader", orNull(w.prefetch_paths.loader_ns)}}}};
}

}  // namespace

json deviceJson(const analysis::RunAnalysis& ra, const analysis::DeviceAnalysis& d) {
  json dj = windowJson(d.whole);
  dj["device"] = d.device;
  dj["device_name"] = d.device_name;
  dj["dropped_records"] = ra.records.dropped;
  dj["invalid_records"] = ra.records.invalid;
  dj["verdict"] = analysis::verdictKey(d.verdict);
  // A trace without a host side cannot tell: no percentage is given for it.
  const json pct = d.verdict == analysis::InputBoundVerdict::CannotTell ? json(nullptr) : json(d.input_bound_pct);
  dj[metric_keys::kInputBoundPct] = pct;
  dj["run_input_bound_pct"] = pct;
  dj["prefetch_offered"] = analysis::offersPrefetching(d.verdict);
  const analysis::InputEvidence& e = d.evidence;
  dj["input_evidence"] = {{"host_side", e.host_side},     {"data_loading", e.data_loading},
                          {"input_ranges", e.input_ranges}, {"batch_copies", e.batch_copies},
                          {"backward", e.backward},        {"optimizer", e.optimizer}};
  dj["steps"] = stepsJson(d);
  dj["what_if"] = whatIfJson(d.what_if);
  json findings = json::array();
  for (const auto& f : d.findings) findings.push_back(findingJson(f));
  dj["findings"] = findings;
  dj["findings_unexplained_ns"] = d.unexplained_ns;
  json byRange = json::array();
  for (const auto& r : d.host_other.ranges) byRange.push_back({{"name", r.name}, {"ns", r.ns}});
  dj["host_other_by_range"] = byRange;
  dj["host_other_unnamed_ns"] = d.host_other.unnamed_ns;
  return dj;
}

json comparisonJson(const analysis::RunComparison& c) {
  json deltas = json::object();
  for (const auto& m : c.deltas) {
    deltas[m.key] = {{"a", orNull(m.a)}, {"b", orNull(m.b)}, {"delta", orNull(m.delta())}, {"improved", orNull(m.improved())}};
  }
  return {{"run_a", c.run_a},
          {"run_b", c.run_b},
          {"throughput_ratio", orNull(c.throughput_ratio)},
          {"throughput_basis", c.throughput_basis},
          {"deltas", deltas},
          {"verdict", c.verdict}};
}

json comparisonTableJson(const analysis::ComparisonTable& t) {
  json columns = json::array();
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    const auto& col = t.columns[c];
    columns.push_back({{"run", col.label.substr(0, col.label.find(" · GPU "))},
                       {"device", col.device < 0 ? json(nullptr) : json(col.device)},
                       {"label", col.label},
                       {"baseline", t.isBaseline(c)},
                       {"throughput_ratio", orNull(t.throughput_ratio[c])}});
  }
  json rows = json::array();
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    json values = json::array(), deltas = json::array(), improved = json::array();
    for (const auto& cell : t.cells[r]) {
      values.push_back(orNull(cell.b));
      deltas.push_back(orNull(cell.delta()));
      improved.push_back(orNull(cell.improved()));
    }
    rows.push_back({{"key", t.rows[r].key},
                    {"label", t.rows[r].label},
                    {"lower_is_better", t.rows[r].lower_is_better},
                    {"values", values},
                    {"deltas", deltas},
                    {"improved", improved}});
  }
  return {{"baseline", t.baseline_name}, {"throughput_basis", t.throughput_basis}, {"columns", columns}, {"rows", rows}};
}

// The host ranges read as steps (on the busiest step lane, as the step analysis picks it) and as data
// loading: a host-only trace (the user's script run on a CPU) has no DEVICE, and this shows that its
// annotations were understood all the same.
json hostRangesJson(const trace::Run& run) {
  std::size_t steps = 0, dataLoading = 0;
  for (const auto& track : run.tracks) {
    if (track.isGpu()) continue;
    const auto& kinds = track.intervals.kind;
    steps = std::max<std::size_t>(steps, std::count(kinds.begin(), kinds.end(), trace::IntervalKind::Step));
    dataLoading += std::count(kinds.begin(), kinds.end(), trace::IntervalKind::DataLoading);
  }
  return {{"steps", steps}, {"data_loading", dataLoading}};
}

json jobJson(const job::JobAnalysis& j) {
  json ranks = json::array();
  for (const auto& r : j.ranks) {
    json waiting = json::object();
    for (const auto& [other, ns] : r.waiting_for) waiting[std::to_string(other)] = ns;
    ranks.push_back({{"rank", r.rank},
                     {"run", r.run_name},
                     {"device", r.device >= 0 ? json(r.device) : json(nullptr)},
                     {"device_name", r.device_name},
                     {"collectives", r.collectives},
                     {"comm_ns", r.comm_ns},
                     {"comm_overlapped_ns", r.comm_overlapped_ns},
                     {"comm_exposed_ns", r.comm_exposed_ns},
                     {"peer_wait_ns", r.peer_wait_ns},
                     {"peer_wait_exposed_ns", r.peer_wait_exposed_ns},
                     {"late_count", r.late_count},
                     {"late_steps", r.late_steps},
                     {"delay_ns", r.delay_ns},
                     {"compute_ns", r.compute_ns},
                     {metric_keys::kWindowNs, r.window_ns},
                     {"starvation_ns", r.starvation_ns},
                     {metric_keys::kStarvationPct, r.starvationPct()},
                     {"waiting_for_ns", waiting},
                     {"step_median_ns", orNull(r.step_median_ns)}});
  }
  json shifts = json::object();
  for (std::size_t i = 0; i < j.ranks.size() && i < j.clock.shift_ns.size(); ++i) {
    shifts[std::to_string(j.ranks[i].rank)] = j.clock.shift_ns[i];
  }
  json straggler = nullptr;
  if (j.straggler) {
    const job::Straggler& s = *j.straggler;
    json evidence = json::array();
    for (const auto& r : s.evidence) evidence.push_back({{"start_ns", r.span.start}, {"end_ns", r.span.end}, {"label", r.label}});
    const std::string cause(job::activityKey(s.cause));
    auto parts = [](const std::vector<job::StragglerPart>& list) {
      json out = json::array();
      for (const auto& p : list) out.push_back({{"collective", p.collective}, {"count", p.count}, {"total", p.total}});
      return out;
    };
    straggler = {{"rank", s.rank},
                 {"late_count", s.late_count},
                 {"late_steps", s.late_steps},
                 {"step_count", s.step_count},
                 {"delay_ns", s.delay_ns},
                 {"cause", cause},
                 {"cause_excess_ns", s.cause_excess_ns},
                 {"arrived_last", parts(s.arrived_last)},
                 {"waited_through", parts(s.waited_through)},
                 {"host_range", s.host_range.empty() ? json(nullptr) : json(s.host_range)},
                 {"host_range_excess_ns", s.host_range_excess_ns},
                 {"evidence", evidence},
                 {"fix", present::stragglerFix(cause)}};
  }
  json step = nullptr;
  if (j.step) {
    step = {{"count", j.step->count},
            {"median_ns", j.step->median_ns},
            {"without_straggler_ns", j.step->without_straggler_ns},
            {"straggler_delay_ns", j.step->median_straggler_delay_ns},
            {"bound_rank", orNull(j.step->bound_rank)},
            {"bound_delay_ns", j.step->bound_delay_ns},
            {"prefetched_ns", j.step->prefetched_ns}};
  }
  json groups = json::array();
  for (const auto& g : j.groups) {
    groups.push_back({{"name", g.name}, {"ranks", g.ranks}, {"ranks_known", g.ranks_known}, {"matched", g.matched}});
  }
  json findings = json::array();
  for (const auto& f : j.findings) findings.push_back(findingJson(f));
  return {{"name", j.name},
          {"world_size", orNull(j.world_size)},
          {"ranks_present", j.ranks.size()},
          {"ranks_missing", j.ranksMissing()},
          {"matched_collectives", j.matched_collectives},
          {"process_groups", groups},
          {"lateness",
           {{"ranks_late", j.lateness.ranks_late},
            {"median_delay_ns", j.lateness.median_delay_ns},
            {"rotates", j.lateness.rotates}}},
          {"headline", j.headline},
          {"notes", j.notes},
          {"ranks", ranks},
          {"clock",
           {{"method", job::clockMethodKey(j.clock.method)}, {"shift_ns", shifts}, {"max_residual_ns", j.clock.max_residual_ns}}},
          {"straggler", straggler},
          {"straggler_delay_ns", j.straggler ? j.straggler->delay_ns : 0},
          {"peer_wait_pct", j.peerWaitPct()},
          {"step", step},
          {"findings", findings}};
}

namespace {

// docs/report-json.md, INPUT_PIPELINE.
json inputPipelineJson(const std::optional<analysis::InputPipeline>& pipeline) {
  if (!pipeline) return nullptr;
  const analysis::InputPipeline& p = *pipeline;
  json predictions = json::array();
  for (const auto& w : p.predictions) predictions.push_back({{"workers", w.workers}, {"step_ns", w.step_ns}});
  json unpinned = nullptr;
  if (p.unpinned) {
    unpinned = {{"type", p.unpinned->type}, {"defines_pin_memory", p.unpinned->defines_pin_memory},
                {"batches", p.unpinned->batches}, {"tensors", p.unpinned->tensors}};
  }
  json copies = json::array();
  for (const auto& c : p.blocking_copies) {
    copies.push_back({{"line", c.line}, {"non_blocking", c.non_blocking}, {"calls", c.calls}, {"host_ns", c.host_ns}});
  }
  return {{"workers", p.workers},
          {"batches", p.batches},
          {"batch_type", p.batch_type},
          {"batch_ns", p.batch_ns},
          {"batch_cpu_ns", p.batch_cpu_ns},
          {"steps", p.steps},
          {metric_keys::kWindowNs, p.window_ns},
          {"wait_ns", p.wait_ns},
          {"wait_pct", p.wait_pct},
          {"step_ns", p.step_ns},
          {"step_without_wait_ns", p.step_without_wait_ns},
          {"cores", p.cores},
          {"keeps_up_at", p.keeps_up_at},
          {"predictions", predictions},
          {"unpinned_batch_type", unpinned},
          {"blocking_batch_copies", copies}};
}

}  // namespace

json reportJson(const Report& report) {
  json runs = json::array();
  for (std::size_t i = 0; i < report.runs.size(); ++i) {
    const trace::Run& run = *report.runs[i];
    const analysis::RunAnalysis& ra = report.analyses[i];
    json devices = json::array();
    for (const auto& d : ra.devices) devices.push_back(deviceJson(ra, d));
    json findings = json::array();
    for (const auto& f : ra.run_findings) findings.push_back(findingJson(f));
    runs.push_back({{"name", run.name},
                    {"source", run.source},
                    {"command", run.command},
                    {"labels", run.labels},
                    {"dropped_records", ra.records.dropped},
                    {"invalid_records", ra.records.invalid},
                    {"zero_length_records", ra.records.zero_length},
                    {"host_ranges", hostRangesJson(run)},
                    {"input_pipeline", inputPipelineJson(ra.input_pipeline)},
                    {"devices", devices},
                    {"findings", findings}});
  }
  json jobs = json::array();
  for (const auto& j : report.jobs) jobs.push_back(jobJson(j));
  json out = {{"feedscope_report_version", 1},
              {"generator", "feedscope " FEEDSCOPE_VERSION_STRING},
              {"input", report.input},
              {"unread", report.unread},
              {"jobs", jobs},
              {"runs", runs}};
  json comparisons = json::array();
  for (const analysis::RunComparison& c : report.comparisons) comparisons.push_back(comparisonJson(c));
  out["comparisons"] = comparisons;
  out["comparison_table"] = report.table ? comparisonTableJson(*report.table) : json(nullptr);
  return out;
}

std::string renderJsonReport(const Report& report) {
  return reportJson(report).dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace feedscope::report
