#include "job/rank_summary.h"

#include <algorithm>

namespace feedscope::job {

RankSummary summarizeRank(const trace::Run& run, const trace::StringTable& strings,
                          const analysis::RunAnalysis& analysis, const RankIdentity& identity) {
  RankSummary s;
  s.run_name = run.name;
  s.identity = identity;
  s.time_origin = analysis.time_origin;
  s.device = rankDevice(run, strings);
  const analysis::DeviceAnalysis* d = nullptr;
  for (const auto& x : analysis.devices) {
    if (x.device == s.device) d = &x;
  }
  if (d == nullptr) d = analysis.primary();
  SpanList compute;
  RankCollectives collectives = findCollectives(run, strings, s.device, &compute);
  s.process_groups = std::move(collectives.groups);
  if (d == nullptr) {
    if (auto e = run.extent()) s.extent = {e->start, e->end};
    s.collectives = std::move(collectives.kernels);
    return s;
  }
  s.device_name = d->device_name;
  s.extent = d->timeline.extent;
  const RankActivity activity(d->timeline, std::move(compute), strings);
  const Span window = d->whole.window;
  s.collectives = std::move(collectives.kernels);
  s.activity = activity.within(s.extent);
  s.window_ns = d->whole.window_ns;
  s.starvation_ns = d->whole.starvation_ns;
  s.compute_ns = activity.computeWithin(window);
  s.comm_ns = analysis::lengthWithin(collectives.spans, window);
  s.comm_overlapped_ns = analysis::lengthWithin(analysis::intersect(collectives.spans, activity.compute()), window);
  s.gaps = d->whole.gaps;
  if (d->step_summary) s.step_median_ns = d->step_summary->median_ns;
  for (const auto& step : d->steps) {
    s.steps.push_back({step.step.number, step.step.span, activity.within(step.step.span)});
  }
  s.prefetch_step_ns = d->what_if.prefetch_step_ns;
  s.pageable_h2d_count = d->whole.h2d.pageable_count;
  s.pageable_h2d_bytes = d->whole.h2d.pageable_bytes;
  s.pageable_h2d_ns = d->whole.h2d.pageable_duration_ns;
  s.verdict = std::string(analysis::verdictKey(d->verdict));
  s.input_bound_pct = d->input_bound_pct;
  for (const auto& f : d->findings) {
    if (f.isRoot()) s.findings.push_back({f.id, std::string(analysis::severityName(f.severity)), f.title, f.cost_ns});
  }
  return s;
}

}  // namespace feedscope::job
