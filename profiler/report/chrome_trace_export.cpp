// Chrome-trace export, streamed (a DOM of millions of events would not fit comfortably).
#include "report/chrome_trace_export.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <limits>
#include <map>
#include <utility>
#include <vector>

#include "store/atomic_file.h"
#include "present/causes.h"
#include "report/json_text.h"
#include "trace/argument_fields.h"

namespace feedscope::report {

namespace {

using analysis::GapCause;
using trace::TimeNs;

// chrome://tracing reserved colour names: red for copy waits, yellow for the host, grey otherwise.
const char* colourOf(GapCause c) {
  switch (c) {
    case GapCause::CopyWaitPageable: return "terrible";
    case GapCause::CopyWaitPinned: return "bad";
    case GapCause::HostDataLoading: return "yellow";
    case GapCause::HostBlockedInCuda: return "olive";
    case GapCause::HostLaunchOverhead: return "light_memory_dump";
    case GapCause::HostOther: return "rail_idle";
    case GapCause::DependencyOther: return "grey";
  }
  return "grey";
}

// The trace's own arguments of an interval, each value as the trace wrote it, after the ones the
// export writes itself (`args`: `"key":value,` pairs); a key the export wrote is not written twice.
void appendTraceArguments(std::string_view stored, std::string& args) {
  if (stored.empty()) return;
  static constexpr std::array<std::string_view, 4> kOwnKeys = {"bytes", "src_memory", "dst_memory", "correlation"};
  for (const trace::ArgumentField& f : trace::argumentFields(stored)) {
    const std::string key = jsonQuoted(f.key);
    const bool own = std::find(kOwnKeys.begin(), kOwnKeys.end(), f.key) != kOwnKeys.end();
    if (own && args.find(key + ":") != std::string::npos) continue;
    args += key + ":" + f.json + ",";
  }
}

class Writer {
 public:
  explicit Writer(std::FILE* out) : out_(out) {}

  // Each run's time 0 is its own start (Run::timeOrigin), so runs recorded seconds apart line up in
  // Perfetto, and a time there reads as it does in the reports and the GUI.
  void setOrigin(TimeNs origin) { origin_ = origin; }

  // Microseconds with nanosecond digits, printed from integers so nothing is rounded.
  std::string micros(TimeNs ns) const { return duration(ns - origin_); }
  static std::string duration(TimeNs ns) {
    const char* sign = ns < 0 ? "-" : "";
    TimeNs a = ns < 0 ? -ns : ns;
    return fmt::format("{}{}.{:03}", sign, a / 1000, a % 1000);
  }

  void event(std::string_view json) {
    std::fputs(first_ ? "\n" : ",\n", out_);
    first_ = false;
    std::fwrite(json.data(), 1, json.size(), out_);
  }

  void processName(std::int64_t pid, std::string_view name, std::int64_t sortIndex) {
    event(fmt::format(R"({{"ph":"M","name":"process_name","pid":{},"tid":0,"args":{{"name":{}}}}})", pid,
                      jsonQuoted(name)));
    event(fmt::format(R"({{"ph":"M","name":"process_sort_index","pid":{},"tid":0,"args":{{"sort_index":{}}}}})", pid,
                      sortIndex));
  }
  void threadName(std::int64_t pid, std::int64_t tid, std::string_view name, std::int64_t sortIndex) {
    event(fmt::format(R"({{"ph":"M","name":"thread_name","pid":{},"tid":{},"args":{{"name":{}}}}})", pid, tid,
                      jsonQuoted(name)));
    event(fmt::format(R"({{"ph":"M","name":"thread_sort_index","pid":{},"tid":{},"args":{{"sort_index":{}}}}})", pid,
                      tid, sortIndex));
  }

 private:
  std::FILE* out_;
  TimeNs origin_ = 0;
  bool first_ = true;
};

// One run's part of the file: its processes (a GPU each, a host process each), its slices with their
// arguments, the launch flows between them, and its starvation lanes. Pids are the run's own range
// (run r: 1000 r + 1 ...), so runs never share a process row.
class RunPart {
 public:
  RunPart(Writer& w, QuotedStrings& names, const trace::Run& run, std::size_t index)
      : w_(w), names_(names), run_(run), base_(static_cast<std::int64_t>(index) * 1000 + 1) {}

  void writeSlices() {
    for (std::size_t ti = 0; ti < run_.tracks.size(); ++ti) writeTrack(run_.tracks[ti], static_cast<std::int64_t>(ti) + 1);
  }

  // "s" binds to the slice it starts in (the call), "f" with "bp":"e" to the slice that starts where
  // it ends (the GPU operation): the Chrome trace format's flow events, version 1. `flowId` counts
  // over every run: ids are unique in the file.
  void writeFlows(std::uint64_t& flowId) {
    for (const auto& [correlation, op] : launched_) {
      auto call = launches_.find(correlation);
      if (call == launches_.end()) continue;
      ++flowId;
      w_.event(fmt::format(R"({{"ph":"s","cat":"launch","name":"launch","id":{},"pid":{},"tid":{},"ts":{}}})", flowId,
                           call->second.pid, call->second.tid, w_.micros(call->second.start)));
      w_.event(fmt::format(R"({{"ph":"f","bp":"e","cat":"launch","name":"launch","id":{},"pid":{},"tid":{},"ts":{}}})",
                           flowId, op.pid, op.tid, w_.micros(op.start)));
    }
  }

  // A lane per GPU under its process: the starvation causes over the GPU window.
  void writeStarvation(const analysis::RunAnalysis& analysis) {
    for (const auto& device : analysis.devices) {
      auto it = gpu_pid_.find(device.device);
      const std::int64_t pid = it != gpu_pid_.end() ? it->second : base_ + device.device;
      const std::int64_t tid = 0;
      w_.threadName(pid, tid, fmt::format("starvation (compute idle: {:.1f} %)", device.whole.starvationPct()), -1);
      const analysis::Span window = device.whole.window;
      for (const auto& seg : device.timeline.causes) {
        const TimeNs s = std::max(seg.start, window.start), e = std::min(seg.end, window.end);
        if (e <= s) continue;
        w_.event(fmt::format(
            R"({{"ph":"X","cat":"starvation","name":"{}","pid":{},"tid":{},"ts":{},"dur":{},"cname":"{}","args":{{"cause":"{}"}}}})",
            present::causeLabel(seg.cause), pid, tid, w_.micros(s), Writer::duration(e - s), colourOf(seg.cause),
            analysis::gapCauseKey(seg.cause)));
      }
    }
  }

 private:
  // Where a flow starts or ends: a slice's row and start.
  struct FlowEnd {
    std::int64_t pid, tid;
    TimeNs start;
  };

  // The process of a track, named the first time it is used.
  std::int64_t pidFor(const trace::Track& t) {
    if (t.isGpu()) {
      auto [it, fresh] = gpu_pid_.try_emplace(t.device, base_ + t.device);
      if (fresh) {
        const auto* info = run_.device(t.device);
        std::string name =
            fmt::format("{} · GPU {}{}", run_.name, t.device, info && !info->name.empty() ? " (" + info->name + ")" : "");
        w_.processName(it->second, name, it->second);
      }
      return it->second;
    }
    auto [it, fresh] = host_pid_.try_emplace(t.pid, base_ + 500 + static_cast<std::int64_t>(host_pid_.size()));
    if (fresh) w_.processName(it->second, fmt::format("{} · host pid {}", run_.name, t.pid), it->second);
    return it->second;
  }

  void writeTrack(const trace::Track& track, std::int64_t tid) {
    const std::int64_t pid = pidFor(track);
    w_.threadName(pid, tid, track.name, tid);
    const auto& iv = track.intervals;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      noteFlowEnd(track, i, FlowEnd{pid, tid, iv.start_ns[i]});
      w_.event(fmt::format(R"({{"ph":"X","cat":"{}","name":{},"pid":{},"tid":{},"ts":{},"dur":{},"args":{{{}}}}})",
                           trace::intervalKindName(iv.kind[i]), names_.get(iv.name[i]), pid, tid,
                           w_.micros(iv.start_ns[i]), Writer::duration(iv.end_ns[i] - iv.start_ns[i]),
                           argumentsOf(iv, i)));
    }
  }

  // The flows Perfetto draws as arrows (docs/gui.md convention 9): from the CUDA call that launched
  // a GPU operation to the operation, matched by correlation id.
  void noteFlowEnd(const trace::Track& track, std::size_t i, FlowEnd end) {
    const auto& iv = track.intervals;
    if (iv.correlation[i] == 0) return;
    const trace::IntervalKind k = iv.kind[i];
    if (!track.isGpu() && (k == trace::IntervalKind::RuntimeApi || k == trace::IntervalKind::DriverApi)) {
      launches_.try_emplace(iv.correlation[i], end);
    } else if (track.isGpu() && (k == trace::IntervalKind::Kernel || trace::isCopy(k) || k == trace::IntervalKind::Memset)) {
      launched_.push_back({iv.correlation[i], end});
    }
  }

  // A slice's args: the export's own (bytes, memory kinds of a copy, correlation), then the trace's.
  std::string argumentsOf(const trace::IntervalColumns& iv, std::size_t i) const {
    std::string args;
    if (iv.bytes[i] != 0) args += fmt::format(R"("bytes":{},)", iv.bytes[i]);
    if (trace::isCopy(iv.kind[i])) {
      args += fmt::format(R"("src_memory":"{}","dst_memory":"{}",)", trace::memoryKindName(iv.src[i]),
                          trace::memoryKindName(iv.dst[i]));
    }
    if (iv.correlation[i] != 0) args += fmt::format(R"("correlation":{},)", iv.correlation[i]);
    appendTraceArguments(run_.arguments.get(iv.argumentsAt(i)), args);
    if (!args.empty()) args.pop_back();
    return args;
  }

  Writer& w_;
  QuotedStrings& names_;  // quotes each name once, over every run
  const trace::Run& run_;
  const std::int64_t base_;
  std::map<std::int32_t, std::int64_t> gpu_pid_;
  std::map<std::int64_t, std::int64_t> host_pid_;
  std::map<std::uint32_t, FlowEnd> launches_;
  std::vector<std::pair<std::uint32_t, FlowEnd>> launched_;
};

}  // namespace

void writeChromeTrace(const trace::Session& session, const std::vector<analysis::RunAnalysis>& analyses,
                      std::FILE* out) {
  // Every run starts at time 0; otherData keeps each run's origin on its own clock.
  std::vector<TimeNs> origins;
  std::string originsJson;
  for (const auto& run : session.runs) {
    origins.push_back(run.timeOrigin());
    originsJson += fmt::format("{}{}:{}", originsJson.empty() ? "" : ",", jsonQuoted(run.name), origins.back());
  }
  std::fputs(R"({"displayTimeUnit":"ns","otherData":{"generator":"feedscope","time_origin":"each run's start",)", out);
  std::fputs(fmt::format(R"("run_time_origins_ns":{{{}}}}},"traceEvents":[)", originsJson).c_str(), out);
  Writer w(out);
  QuotedStrings names(session.strings);
  std::uint64_t flowId = 0;
  for (std::size_t r = 0; r < session.runs.size(); ++r) {
    w.setOrigin(origins[r]);
    RunPart part(w, names, session.runs[r], r);
    part.writeSlices();
    part.writeFlows(flowId);
    if (r < analyses.size()) part.writeStarvation(analyses[r]);
  }
  std::fputs("\n]}\n", out);
}

void exportChromeTrace(const trace::Session& session, const std::vector<analysis::RunAnalysis>& analyses,
                       const std::string& path) {
  io::writeStreamAtomically(path, [&](std::FILE* f) { writeChromeTrace(session, analyses, f); });
}

}  // namespace feedscope::report
