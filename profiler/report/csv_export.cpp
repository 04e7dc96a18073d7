// CSV writers.
#include "report/csv_export.h"

#include <fmt/format.h>

#include "present/spreadsheet_text.h"

namespace feedscope::report {

std::string csvField(std::string_view cell) {
  const std::string text = present::spreadsheetText(cell);  // text, never a formula
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

void writeIntervalsCsv(const trace::Session& session, std::FILE* out) {
  fmt::print(out,
             "run,track,track_kind,device,stream,pid,tid,kind,name,start_ns,end_ns,duration_ns,bytes,src_memory,"
             "dst_memory,correlation\n");
  std::vector<std::string> quoted(session.strings.size());
  for (const auto& run : session.runs) {
    std::string runField = csvField(run.name);
    for (const auto& track : run.tracks) {
      std::string prefix = fmt::format("{},{},{},{},{},{},{}", runField, csvField(track.name),
                                       trace::trackKindName(track.kind), track.device, track.stream, track.pid, track.tid);
      const auto& iv = track.intervals;
      for (std::size_t i = 0; i < iv.size(); ++i) {
        std::string& name = quoted[iv.name[i]];
        if (name.empty() && iv.name[i] != 0) name = csvField(session.strings.get(iv.name[i]));
        fmt::print(out, "{},{},{},{},{},{},{},{},{},{}\n", prefix, trace::intervalKindName(iv.kind[i]), name,
                   iv.start_ns[i], iv.end_ns[i], iv.end_ns[i] - iv.start_ns[i], iv.bytes[i],
                   trace::memoryKindName(iv.src[i]), trace::memoryKindName(iv.dst[i]), iv.correlation[i]);
      }
    }
  }
}

void writeStepsCsv(const std::vector<analysis::RunAnalysis>& analyses, std::FILE* out) {
  using analysis::GapCause;
  fmt::print(out, "run,device,step,name,start_ns,duration_ns,compute_busy_ns,starvation_ns,starvation_pct,"
                  "copy_only_ns,fully_idle_ns,exposed_h2d_ns,h2d_overlap_pct,input_wait_pct");
  for (int c = 0; c < analysis::kGapCauseCount; ++c) {
    fmt::print(out, ",{}_ns", analysis::gapCauseKey(static_cast<GapCause>(c)));
  }
  fmt::print(out, ",h2d_count,h2d_bytes,kernel_count,prefetch_ns,input_bound_pct\n");
  for (const auto& ra : analyses) {
    for (const auto& d : ra.devices) {
      for (const auto& s : d.steps) {
        const analysis::WindowMetrics& m = s.metrics;
        auto overlap = m.h2dOverlapPct();
        fmt::print(out, "{},{},{},{},{},{},{},{},{:.4f},{},{},{},{},{:.4f}", csvField(ra.run_name), d.device,
                   s.step.number, csvField(s.step.name), s.step.span.start, m.window_ns, m.compute_busy_ns,
                   m.starvation_ns, m.starvationPct(), m.copy_only_ns, m.fully_idle_ns, m.exposed_h2d_ns,
                   overlap ? fmt::format("{:.4f}", *overlap) : std::string(), m.inputWaitPct());
        for (auto v : m.gaps.ns) fmt::print(out, ",{}", v);
        fmt::print(out, ",{},{},{},{},{:.4f}\n", m.h2d.count, m.h2d.bytes, m.kernel_count, s.prefetch.predicted_ns,
                   s.inputBoundPct());
      }
    }
  }
}

}  // namespace feedscope::report
