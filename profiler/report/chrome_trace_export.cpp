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
  // Flow ids are unique in the file: one per launch → GPU operation pair, over every run.
  std::uint64_t flowId = 0;

  for (std::size_t r = 0; r < session.runs.size(); ++r) {
    const trace::Run& run = session.runs[r];
    w.setOrigin(origins[r]);
    const std::int64_t runBase = static_cast<std::int64_t>(r) * 1000 + 1;
    std::map<std::int32_t, std::int64_t> gpuPid;
    std::map<std::int64_t, std::int64_t> hostPid;
    auto pidFor = [&](const trace::Track& t) {
      if (t.isGpu()) {
        auto [it, fresh] = gpuPid.try_emplace(t.device, runBase + t.device);
        if (fresh) {
          const auto* info = run.device(t.device);
          std::string name = fmt::format("{} · GPU {}{}", run.name, t.device,
                                         info && !info->name.empty() ? " (" + info->name + ")" : "");
          w.processName(it->second, name, it->second);
        }
        return it->second;
      }
      auto [it, fresh] = hostPid.try_emplace(t.pid, runBase + 500 + static_cast<std::int64_t>(hostPid.size()));
      if (fresh) w.processName(it->second, fmt::format("{} · host pid {}", run.name, t.pid), it->second);
      return it->second;
    };

    // The flows Perfetto draws as arrows (docs/gui.md convention 9): from the CUDA call that launched
    // a GPU operation to the operation, matched by correlation id.
    struct FlowEnd {
      std::int64_t pid, tid;
      TimeNs start;
    };
    std::map<std::uint32_t, FlowEnd> launches;
    std::vector<std::pair<std::uint32_t, FlowEnd>> launched;
    for (std::size_t ti = 0; ti < run.tracks.size(); ++ti) {
      const trace::Track& track = run.tracks[ti];
      std::int64_t pid = pidFor(track);
      std::int64_t tid = static_cast<std::int64_t>(ti) + 1;
      w.threadName(pid, tid, track.name, tid);
      const auto& iv = track.intervals;
      for (std::size_t i = 0; i < iv.size(); ++i) {
        if (iv.correlation[i] != 0) {
          const trace::IntervalKind k = iv.kind[i];
          if (!track.isGpu() && (k == trace::IntervalKind::RuntimeApi || k == trace::IntervalKind::DriverApi)) {
            launches.try_emplace(iv.correlation[i], FlowEnd{pid, tid, iv.start_ns[i]});
          } else if (track.isGpu() && (k == trace::IntervalKind::Kernel || trace::isCopy(k) || k == trace::IntervalKind::Memset)) {
            launched.push_back({iv.correlation[i], FlowEnd{pid, tid, iv.start_ns[i]}});
          }
        }
        std::string args;
        if (iv.bytes[i] != 0) args += fmt::format(R"("bytes":{},)", iv.bytes[i]);
        if (trace::isCopy(iv.kind[i])) {
          args += fmt::format(R"("src_memory":"{}","dst_memory":"{}",)", trace::memoryKindName(iv.src[i]),
                              trace::memoryKindName(iv.dst[i]));
        }
        if (iv.correlation[i] != 0) args += fmt::format(R"("correlation":{},)", iv.correlation[i]);
        appendTraceArguments(run.arguments.get(iv.argumentsAt(i)), args);
        if (!args.empty()) args.pop_back();
        w.event(fmt::format(R"({{"ph":"X","cat":"{}","name":{},"pid":{},"tid":{},"ts":{},"dur":{},"args":{{{}}}}})",
                            trace::intervalKindName(iv.kind[i]), names.get(iv.name[i]), pid, tid,
                            w.micros(iv.start_ns[i]), Writer::duration(iv.end_ns[i] - iv.start_ns[i]), args));
      }
    }

    // "s" binds to the slice it starts in (the call), "f" with "bp":"e" to the slice that starts where
    // it ends (the GPU operation): the Chrome trace format's flow events, version 1.
    for (const auto& [correlation, op] : launched) {
      auto call = launches.find(correlation);
      if (call == launches.end()) continue;
      ++flowId;
      w.event(fmt::format(R"({{"ph":"s","cat":"launch","name":"launch","id":{},"pid":{},"tid":{},"ts":{}}})", flowId,
                          call->second.pid, call->second.tid, w.micros(call->second.start)));
      w.event(fmt::format(R"({{"ph":"f","bp":"e","cat":"launch","name":"launch","id":{},"pid":{},"tid":{},"ts":{}}})",
                          flowId, op.pid, op.tid, w.micros(op.start)));
    }

    if (r >= analyses.size()) continue;
    for (const auto& device : analyses[r].devices) {
      auto it = gpuPid.find(device.device);
      std::int64_t pid = it != gpuPid.end() ? it->second : runBase + device.device;
      const std::int64_t tid = 0;
      w.threadName(pid, tid, fmt::format("starvation (compute idle: {:.1f} %)", device.whole.starvationPct()), -1);
      const analysis::Span window = device.whole.window;
      for (const auto& seg : device.timeline.causes) {
        TimeNs s = std::max(seg.start, window.start), e = std::min(seg.end, window.end);
        if (e <= s) continue;
        w.event(fmt::format(
            R"({{"ph":"X","cat":"starvation","name":"{}","pid":{},"tid":{},"ts":{},"dur":{},"cname":"{}","args":{{"cause":"{}"}}}})",
            present::causeLabel(seg.cause), pid, tid, w.micros(s), Writer::duration(e - s),
            colourOf(seg.cause), analysis::gapCauseKey(seg.cause)));
      }
    }
  }
  std::fputs("\n]}\n", out);
}

void exportChromeTrace(const trace::Session& session, const std::vector<analysis::RunAnalysis>& analyses,
                       const std::string& path) {
  io::writeStreamAtomically(path, [&](std::FILE* f) { writeChromeTrace(session, analyses, f); });
}

}  // namespace feedscope::report
