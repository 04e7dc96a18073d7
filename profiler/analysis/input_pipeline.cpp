// The input pipeline from the Python hooks' intervals (docs/metrics.md, "The input pipeline").
#include "analysis/input_pipeline.h"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>

#include "analysis/steps.h"
#include "trace/argument_fields.h"
#include "trace/statistics.h"

namespace feedscope::analysis {

namespace {

using trace::IntervalKind;

// The main thread's wait in next(loader), as the hooks name it ("DataLoader.__next__ batch 12").
bool isLoaderWait(IntervalKind kind, std::string_view name) {
  return kind == IntervalKind::DataLoading && name.rfind("DataLoader.__next__", 0) == 0;
}

// The number of workers the predictions go up to: past today's, to the one that keeps up, at least 4.
constexpr int kMaxPredictedWorkers = 64;

struct MainThread {
  const trace::Track* track = nullptr;
  std::size_t waits = 0;
};

MainThread findMainThread(const trace::Run& run, const trace::StringTable& strings) {
  MainThread best;
  for (const trace::Track& t : run.tracks) {
    if (t.kind != trace::TrackKind::HostThread) continue;
    std::size_t n = 0;
    for (std::size_t i = 0; i < t.intervals.size(); ++i) {
      n += isLoaderWait(t.intervals.kind[i], strings.get(t.intervals.name[i]));
    }
    if (n > best.waits) best = {&t, n};
  }
  return best;
}

void readWorkers(const trace::Run& run, InputPipeline& p) {
  std::set<std::pair<std::int64_t, std::int64_t>> lanes;
  std::vector<TimeNs> wall, cpu;
  std::map<std::string, std::uint64_t> types;
  for (const trace::Track& t : run.tracks) {
    if (t.kind != trace::TrackKind::Loader) continue;
    const auto& iv = t.intervals;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      if (iv.kind[i] != IntervalKind::LoaderWork) continue;
      lanes.insert({t.pid, t.tid});
      wall.push_back(iv.end_ns[i] - iv.start_ns[i]);
      const std::string args = run.arguments.get(iv.arguments[i]);
      if (auto c = trace::argumentInteger(args, "cpu_ns"); c && *c >= 0) cpu.push_back(*c);
      if (auto type = trace::argumentString(args, "batch type")) ++types[*type];
    }
  }
  std::uint64_t most = 0;
  for (const auto& [type, n] : types) {
    if (n > most) {
      most = n;
      p.batch_type = type;
    }
  }
  p.workers = static_cast<int>(lanes.size());
  p.batches = wall.size();
  if (!wall.empty()) p.batch_ns = trace::medianNs(std::move(wall));
  if (!cpu.empty()) p.batch_cpu_ns = trace::medianNs(std::move(cpu));
}

void readSteps(const trace::Run& run, const trace::StringTable& strings, const trace::Track& main, InputPipeline& p) {
  std::vector<Span> waits;
  const auto& iv = main.intervals;
  for (std::size_t i = 0; i < iv.size(); ++i) {
    if (!isLoaderWait(iv.kind[i], strings.get(iv.name[i]))) continue;
    waits.push_back({iv.start_ns[i], iv.end_ns[i]});
    if (auto c = trace::argumentInteger(run.arguments.get(iv.arguments[i]), "cpus"); c && *c > p.cores) {
      p.cores = static_cast<int>(*c);
    }
  }
  std::vector<StepWindow> steps = findSteps(run, strings);
  // The steady state leaves the first step out when there are enough: it also starts the workers (and,
  // on a GPU, initialises CUDA), hundreds of milliseconds no later step pays.
  const std::size_t first = steps.size() >= 3 ? 1 : 0;
  TimeNs steadyTotal = 0, steadyWait = 0;
  for (std::size_t k = 0; k < steps.size(); ++k) {
    TimeNs waited = 0;
    for (const Span& w : waits) {
      const TimeNs from = std::max(w.start, steps[k].span.start), to = std::min(w.end, steps[k].span.end);
      if (to > from) waited += to - from;
    }
    p.wait_ns += waited;
    if (k >= first) {
      steadyTotal += steps[k].span.length();
      steadyWait += waited;
    }
  }
  p.steps = steps.size();
  if (steps.empty()) {
    // No steps (an inference loop): the waits over the time from the first to the last.
    for (const Span& w : waits) p.wait_ns += w.length();
    if (!waits.empty()) p.window_ns = waits.back().end - waits.front().start;
  } else {
    p.window_ns = steps.back().span.end - steps.front().span.start;
    // Means, not medians: the loader delivers in bursts (its workers finish together), so half the
    // steps may find a batch ready while the others wait for a round; the loop's throughput is the mean.
    const auto n = static_cast<TimeNs>(steps.size() - first);
    p.step_ns = steadyTotal / n;
    p.step_without_wait_ns = (steadyTotal - steadyWait) / n;
  }
  std::vector<Span> longest = waits;
  std::sort(longest.begin(), longest.end(), [](const Span& a, const Span& b) { return a.length() > b.length(); });
  if (longest.size() > 10) longest.resize(10);
  p.longest_waits = std::move(longest);
  p.wait_pct = p.window_ns > 0 ? 100.0 * static_cast<double>(p.wait_ns) / static_cast<double>(p.window_ns) : 0;
  // Without workers the main thread builds each batch itself, inside next(): its wait is the batch.
  if (p.workers == 0 && !waits.empty()) {
    std::vector<TimeNs> built;
    for (const Span& w : waits) built.push_back(w.length());
    p.batch_ns = trace::medianNs(std::move(built));
  }
}

void predict(InputPipeline& p) {
  if (p.steps < 2 || p.batch_ns <= 0) return;
  p.keeps_up_at = 0;
  for (int n = 1; n <= kMaxPredictedWorkers; ++n) {
    if (predictedStepNs(p, n) <= p.step_without_wait_ns) {
      p.keeps_up_at = n;
      break;
    }
  }
  // 1 to two past today's (at least 4), and the number that keeps up when it lies beyond.
  const int last = std::min(std::max(p.workers + 2, 4), kMaxPredictedWorkers);
  for (int n = 1; n <= last; ++n) p.predictions.push_back({n, predictedStepNs(p, n)});
  if (p.keeps_up_at > last) p.predictions.push_back({p.keeps_up_at, predictedStepNs(p, p.keeps_up_at)});
}

// A field's value as written ("TileBatch", "3", "true", "null"), or nullopt when the object has none.
std::optional<std::string> valueOf(const std::vector<trace::ArgumentField>& fields, std::string_view key) {
  for (const trace::ArgumentField& f : fields) {
    if (f.key == key) return f.value;
  }
  return std::nullopt;
}

std::optional<std::int64_t> integerOf(const std::vector<trace::ArgumentField>& fields, std::string_view key) {
  for (const trace::ArgumentField& f : fields) {
    if (f.key == key) return trace::integerValue(f);
  }
  return std::nullopt;
}

void readPinning(const trace::Run& run, const trace::StringTable& strings, InputPipeline& p) {
  std::map<std::string, UnpinnedBatchType> byType;
  std::map<std::pair<std::string, bool>, BlockingBatchCopy> copies;
  for (const trace::Track& t : run.tracks) {
    if (t.kind != trace::TrackKind::HostThread) continue;
    const auto& iv = t.intervals;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      const std::string_view name = strings.get(iv.name[i]);
      const bool pin = iv.kind[i] == IntervalKind::Range && name == "pin_memory";
      const bool copy = iv.kind[i] == IntervalKind::HostOp && (name == "Tensor.to" || name == "Tensor.cuda");
      if (!pin && !copy) continue;
      const std::vector<trace::ArgumentField> args = trace::argumentFields(run.arguments.get(iv.arguments[i]));
      if (pin) {
        auto type = valueOf(args, "batch type");
        auto tensors = integerOf(args, "tensors");
        auto pinned = integerOf(args, "pinned tensors");
        auto defines = valueOf(args, "defines pin_memory");
        // A custom type (the hooks say whether it defines pin_memory only for those) left unpinned.
        if (!type || !tensors || !pinned || !defines || *tensors == 0 || *pinned != 0) continue;
        UnpinnedBatchType& u = byType[*type];
        u.type = *type;
        u.defines_pin_memory = *defines == "true";
        ++u.batches;
        u.tensors = static_cast<std::uint64_t>(*tensors);
      } else {
        auto device = valueOf(args, "device");
        auto pinned = valueOf(args, "source pinned");
        if (!device || device->rfind("cuda", 0) != 0 || !pinned || *pinned != "false") continue;
        const bool nonBlocking = valueOf(args, "non_blocking").value_or("false") == "true";
        const std::string line = valueOf(args, "line").value_or("");
        BlockingBatchCopy& c = copies[{line, nonBlocking}];
        c.line = line;
        c.non_blocking = nonBlocking;
        ++c.calls;
        c.host_ns += iv.end_ns[i] - iv.start_ns[i];
      }
    }
  }
  for (auto& [type, u] : byType) {
    if (!p.unpinned || u.batches > p.unpinned->batches) p.unpinned = u;
  }
  for (auto& [key, c] : copies) p.blocking_copies.push_back(c);
  std::sort(p.blocking_copies.begin(), p.blocking_copies.end(),
            [](const BlockingBatchCopy& a, const BlockingBatchCopy& b) { return a.host_ns > b.host_ns; });
}

}  // namespace

TimeNs predictedStepNs(const InputPipeline& p, int workers) {
  if (workers <= 0) return p.step_without_wait_ns + p.batch_ns;  // the main thread builds every batch
  TimeNs step = std::max(p.step_without_wait_ns, p.batch_ns / workers);
  // The cores are shared: a step's own work (taken as CPU work, an upper estimate) and a batch's CPU
  // time must fit into what the cores give in a step, however many workers there are.
  if (p.cores > 0 && p.batch_cpu_ns > 0) step = std::max(step, cpuBoundStepNs(p));
  return step;
}

TimeNs cpuBoundStepNs(const InputPipeline& p) {
  if (p.cores <= 0 || p.batch_cpu_ns <= 0) return 0;
  return (p.step_without_wait_ns + p.batch_cpu_ns) / p.cores;
}

std::optional<InputPipeline> analyzeInputPipeline(const trace::Run& run, const trace::StringTable& strings) {
  MainThread main = findMainThread(run, strings);
  if (main.track == nullptr) return std::nullopt;
  InputPipeline p;
  readWorkers(run, p);
  readSteps(run, strings, *main.track, p);
  predict(p);
  readPinning(run, strings, p);
  return p;
}

}  // namespace feedscope::analysis
