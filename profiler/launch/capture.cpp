// Capture windows: found per process from its own ranges or profiler API calls, then applied.
#include "launch/capture.h"

#include <algorithm>
#include <limits>
#include <map>
#include <unordered_set>
#include <vector>

namespace feedscope::launch {
namespace {

using trace::IntervalKind;
using trace::TimeNs;

struct Window {
  TimeNs start, end;
};

bool isRangeKind(IntervalKind k) {
  return k == IntervalKind::Range || k == IntervalKind::Step || k == IntervalKind::DataLoading;
}

// Windows of each process, sorted and merged where they overlap (nested or repeated ranges).
using WindowsByProcess = std::map<std::int64_t, std::vector<Window>>;

void normalise(std::vector<Window>& w) {
  std::sort(w.begin(), w.end(), [](const Window& a, const Window& b) { return a.start < b.start; });
  std::vector<Window> merged;
  for (const auto& x : w) {
    if (!merged.empty() && x.start <= merged.back().end) {
      merged.back().end = std::max(merged.back().end, x.end);
    } else {
      merged.push_back(x);
    }
  }
  w.swap(merged);
}

bool inside(const std::vector<Window>& w, TimeNs t) {
  auto it = std::upper_bound(w.begin(), w.end(), t, [](TimeNs v, const Window& x) { return v < x.start; });
  return it != w.begin() && t < std::prev(it)->end;
}

WindowsByProcess nvtxWindows(const trace::Run& run, const trace::StringTable& strings,
                             const std::string& range, std::uint64_t& count) {
  WindowsByProcess out;
  for (const auto& track : run.tracks) {
    if (track.isGpu()) continue;
    const auto& iv = track.intervals;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      if (isRangeKind(iv.kind[i]) && strings.get(iv.name[i]) == range) {
        out[track.pid].push_back({iv.start_ns[i], iv.end_ns[i]});
        ++count;
      }
    }
  }
  return out;
}

WindowsByProcess profilerApiWindows(const trace::Run& run, const trace::StringTable& strings,
                                    std::uint64_t& count) {
  struct Call {
    TimeNs start, end;
    bool isStart;
  };
  std::map<std::int64_t, std::vector<Call>> calls;
  for (const auto& track : run.tracks) {
    if (track.isGpu()) continue;
    const auto& iv = track.intervals;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      if (!trace::isApiCall(iv.kind[i])) continue;
      std::string_view name = strings.get(iv.name[i]);
      bool start = name == "cudaProfilerStart" || name == "cuProfilerStart";
      bool stop = name == "cudaProfilerStop" || name == "cuProfilerStop";
      if (start || stop) calls[track.pid].push_back({iv.start_ns[i], iv.end_ns[i], start});
    }
  }
  WindowsByProcess out;
  for (auto& [pid, list] : calls) {
    std::sort(list.begin(), list.end(), [](const Call& a, const Call& b) { return a.start < b.start; });
    std::optional<TimeNs> open;
    for (const auto& c : list) {
      if (c.isStart && !open) {
        open = c.start;
      } else if (!c.isStart && open) {
        out[pid].push_back({*open, c.end});
        ++count;
        open.reset();
      }
    }
    // Started and never stopped: everything to the end, as CUDA profilers do.
    if (open) {
      out[pid].push_back({*open, std::numeric_limits<TimeNs>::max()});
      ++count;
    }
  }
  return out;
}

template <typename Keep>
void filterTrack(trace::Track& track, CaptureStats& stats, Keep keep) {
  trace::IntervalColumns kept;
  const auto& iv = track.intervals;
  for (std::size_t i = 0; i < iv.size(); ++i) {
    if (keep(i)) {
      kept.push_back(iv.at(i));
      ++stats.kept;
    } else {
      ++stats.removed;
    }
  }
  kept.shrinkToFit();
  track.intervals = std::move(kept);
}

// A lane left with nothing in the captured part would only be an empty row.
void dropEmptyTracks(trace::Run& run) {
  std::erase_if(run.tracks, [](const trace::Track& t) { return t.intervals.empty(); });
}

}  // namespace

std::optional<CaptureSpec> parseCapture(const std::string& text) {
  if (text == "cudaProfilerApi") return CaptureSpec{CaptureSpec::Kind::ProfilerApi, ""};
  if (text.rfind("nvtx:", 0) == 0 && text.size() > 5)
    return CaptureSpec{CaptureSpec::Kind::NvtxRange, text.substr(5)};
  return std::nullopt;
}

CaptureStats applyCapture(trace::Run& run, const trace::StringTable& strings, const CaptureSpec& spec) {
  CaptureStats stats;
  if (spec.kind == CaptureSpec::Kind::Everything) {
    stats.kept = run.intervalCount();
    return stats;
  }
  WindowsByProcess windows = spec.kind == CaptureSpec::Kind::NvtxRange
                                 ? nvtxWindows(run, strings, spec.range, stats.windows)
                                 : profilerApiWindows(run, strings, stats.windows);
  for (auto& [pid, w] : windows) normalise(w);
  static const std::vector<Window> kNone;
  auto windowsOf = [&](std::int64_t pid) -> const std::vector<Window>& {
    auto it = windows.find(pid);
    return it == windows.end() ? kNone : it->second;
  };

  // Host calls inside a window: the GPU work they launched is kept wherever it ran.
  std::map<std::int64_t, std::unordered_set<std::uint32_t>> launchedInside;
  for (const auto& track : run.tracks) {
    if (track.isGpu()) continue;
    const auto& w = windowsOf(track.pid);
    const auto& iv = track.intervals;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      if (trace::isApiCall(iv.kind[i]) && iv.correlation[i] != 0 && inside(w, iv.start_ns[i])) {
        launchedInside[track.pid].insert(iv.correlation[i]);
      }
    }
  }
  for (auto& track : run.tracks) {
    const auto& w = windowsOf(track.pid);
    const auto* launched =
        track.isGpu() && launchedInside.count(track.pid) ? &launchedInside[track.pid] : nullptr;
    filterTrack(track, stats, [&](std::size_t i) {
      if (inside(w, track.intervals.start_ns[i])) return true;
      return launched != nullptr && track.intervals.correlation[i] != 0 &&
             launched->count(track.intervals.correlation[i]) != 0;
    });
  }
  dropEmptyTracks(run);
  return stats;
}

CaptureStats applyTimeWindow(trace::Run& run, std::int64_t start_ns, std::int64_t end_ns) {
  CaptureStats stats;
  stats.windows = 1;
  for (auto& track : run.tracks) {
    filterTrack(track, stats, [&](std::size_t i) {
      return track.intervals.start_ns[i] >= start_ns && track.intervals.start_ns[i] < end_ns;
    });
  }
  dropEmptyTracks(run);
  return stats;
}

}  // namespace feedscope::launch
