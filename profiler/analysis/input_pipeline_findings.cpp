// The input pipeline's finding rules.
#include "analysis/input_pipeline_findings.h"

#include <fmt/format.h>

#include "analysis/thresholds.h"
#include "trace/units.h"

namespace feedscope::analysis {

namespace {

using trace::formatDuration;
using trace::formatPct;

std::string workersWord(int n) {
  return fmt::format("{} worker{}", n, n == 1 ? "" : "s");
}

// The skeleton of a finding about the host's input path: its rule id and severity, how many steps,
// batches or calls it matched, and the host time they cost (told as host time, never added to the
// GPU's idle time: Finding::host_ns). Each rule fills in its words.
Finding hostFinding(std::string id, Severity severity, std::uint64_t count, TimeNs hostNs = 0) {
  Finding f;
  f.id = std::move(id);
  f.severity = severity;
  f.count = count;
  f.time_ns = hostNs;
  f.host_ns = hostNs;
  return f;
}

void loaderWorkers(const InputPipeline& p, std::vector<Finding>& out) {
  if (p.steps < 2 || p.wait_pct < thresholds::kLoaderWaitPct) return;
  Finding f = hostFinding("loader_workers", p.wait_pct >= thresholds::kLoaderWaitHighPct ? Severity::High : Severity::Medium,
                          static_cast<std::uint64_t>(p.steps), p.wait_ns);
  f.title = "The training loop waits for the DataLoader";
  const std::string waited = fmt::format("The main thread waited {} of its {} steps for the DataLoader ({})",
                                         formatPct(p.wait_pct), p.steps, formatDuration(p.wait_ns));
  const std::string builders =
      p.workers == 0 ? fmt::format("it has no workers, so the main thread builds each batch itself ({})",
                                   formatDuration(p.batch_ns))
                     : fmt::format("its {} take {} a batch{}", workersWord(p.workers), formatDuration(p.batch_ns),
                                   p.batch_cpu_ns > 0 ? fmt::format(" ({} of it CPU)", formatDuration(p.batch_cpu_ns))
                                                      : std::string());
  const std::string own = fmt::format("a step's own work takes {}", formatDuration(p.step_without_wait_ns));
  std::string outcome;
  if (p.keeps_up_at > 0) {
    outcome = fmt::format("{} would keep up: a step in {} instead of {}", workersWord(p.keeps_up_at),
                          formatDuration(predictedStepNs(p, p.keeps_up_at)), formatDuration(p.step_ns));
    if (p.cores > 0 && p.keeps_up_at + 1 > p.cores) {
      outcome += fmt::format(
          " (more workers than the {} cores this process may use: that holds where loading waits, for files "
          "or the network, not where it computes)",
          p.cores);
    } else if (p.cores > 0) {
      outcome += fmt::format(" (a core each, of the {} this process may use)", p.cores);
    } else {
      outcome += " (assuming a core for each worker)";
    }
    f.fix = fmt::format("DataLoader(num_workers={}){}.", p.keeps_up_at,
                        p.workers == 0 ? ": load in worker processes" : "");
  } else {
    outcome = fmt::format(
        "no number of workers keeps up on the {} cores this process may use: a batch's {} of CPU and a step's own "
        "work together need the cores for {} a step, more than the step's own {}",
        p.cores, formatDuration(p.batch_cpu_ns), formatDuration(cpuBoundStepNs(p)),
        formatDuration(p.step_without_wait_ns));
    f.fix = "Make each batch cheaper to build (decode and augment less on the CPU, or on the GPU), or give the "
            "loader more cores.";
  }
  f.sentence = fmt::format("{}; {}, while {}: {}.", waited, builders, own, outcome);
  for (const Span& w : p.longest_waits) f.ranges.push_back({w, "waiting in next(loader), " + formatDuration(w.length())});
  out.push_back(std::move(f));
}

void unpinnedBatchType(const InputPipeline& p, std::vector<Finding>& out) {
  if (!p.unpinned) return;
  const UnpinnedBatchType& u = *p.unpinned;
  Finding f = hostFinding("unpinned_batch_type", Severity::High, static_cast<std::uint64_t>(u.batches));
  f.title = fmt::format("{} is never pinned", u.type);
  f.sentence =
      u.defines_pin_memory
          ? fmt::format("DataLoader(pin_memory=True) returned {}, whose pin_memory() leaves its {} tensors unpinned "
                        "({} batches): every copy of them to the GPU is a pageable copy, which blocks the host.",
                        u.type, u.tensors, u.batches)
          : fmt::format("DataLoader(pin_memory=True) returned {}, which defines no pin_memory(): its tensors were "
                        "never pinned ({} batches of {} tensors), so every copy of them to the GPU is a pageable "
                        "copy, which blocks the host.",
                        u.type, u.batches, u.tensors);
  f.fix = fmt::format("Give {} a pin_memory() method that pins each tensor and returns the batch "
                      "(self.x = self.x.pin_memory(); ...; return self), then copy with .to(device, "
                      "non_blocking=True).",
                      u.type);
  out.push_back(std::move(f));
}

void blockingBatchCopies(const InputPipeline& p, std::vector<Finding>& out) {
  if (p.blocking_copies.empty()) return;
  const BlockingBatchCopy& c = p.blocking_copies.front();
  Finding f = hostFinding("blocking_batch_copy", Severity::Medium, static_cast<std::uint64_t>(c.calls), c.host_ns);
  f.title = "Batch copies from unpinned memory";
  f.sentence = fmt::format(
      "{} copies batch tensors to the GPU from memory that is not pinned ({} calls, {} on the host){}: the host "
      "waits for each copy, so the next step cannot be launched while it runs.",
      c.line.empty() ? std::string("A .to() call") : "`" + c.line + "`", c.calls, formatDuration(c.host_ns),
      c.non_blocking ? ", with non_blocking=True, which does not help from pageable memory" : "");
  f.fix = "Pin the batch (DataLoader(pin_memory=True), and a pin_memory() method on a custom batch type), then copy "
          "with .to(device, non_blocking=True).";
  out.push_back(std::move(f));
}

}  // namespace

void inputPipelineFindings(const InputPipeline& p, std::vector<Finding>& out) {
  loaderWorkers(p, out);
  unpinnedBatchType(p, out);
  blockingBatchCopies(p, out);
}

}  // namespace feedscope::analysis
