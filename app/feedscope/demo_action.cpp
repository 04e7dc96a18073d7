// feedscope demo with CUDA: record every mode, write the session, print a summary and the comparison.
#include <fmt/format.h>

#include <cstdio>

#include "cupti/collector.h"
#include "cli_contract/exit_codes.h"
#include "gpu_commands.h"
#include "io/input_error.h"
#include "importers/open_input.h"
#include "report/report.h"
#include "store/session_store.h"
#include "store/output_check.h"
#include "session_write_lock.h"
#include "task_progress.h"
#include "trace/units.h"
#include "workload/demo.h"
#include "workload/gpu_error.h"
#include "user_messages.h"

namespace feedscope::cli {

namespace {

workload::DemoOptions toWorkload(const DemoOptions& o) {
  workload::DemoOptions d;
  d.modes.clear();
  for (const std::string& name : o.modes) {
    auto mode = workload::modeFromName(name);
    if (!mode) throw io::InputError("--modes: unknown mode \"" + name + "\" (off, pinned, on, on-pageable)");
    if (std::find(d.modes.begin(), d.modes.end(), *mode) == d.modes.end()) d.modes.push_back(*mode);
  }
  if (d.modes.empty()) throw io::InputError("--modes: name at least one mode (off, pinned, on, on-pageable)");
  workload::WorkloadConfig& w = d.workload;
  if (o.steps) w.steps = *o.steps;
  if (o.batch_mib) w.batch_mib = *o.batch_mib;
  if (o.compute_ms) w.compute_ms = *o.compute_ms;
  if (o.load_ms) w.load_ms = *o.load_ms;
  if (o.workers) w.workers = *o.workers;
  if (o.depth) w.depth = *o.depth;
  w.phase = workload::phaseFromName(o.phase).value_or(workload::Phase::Train);
  w.device = o.device;
  if (std::string problem = workload::validate(w); !problem.empty()) throw io::InputError(problem);
  d.collect = o.collector != "off";
  if (!o.calibration.empty()) {
    trace::Session stored = io::openInput(o.calibration);
    for (const trace::Run& run : stored.runs) {
      if (run.calibration) {
        d.calibration = run.calibration;
        break;
      }
    }
    if (!d.calibration)
      throw io::InputError(o.calibration + ": holds no calibration (make one with feedscope calibrate -o)");
  }
  return d;
}

std::string stageName(const workload::DemoProgress& p) {
  switch (p.stage) {
    case workload::DemoProgress::Stage::Calibrating:
      return "calibration";
    case workload::DemoProgress::Stage::Tuning:
      return "model";
    case workload::DemoProgress::Stage::Running:
      return std::string(workload::modeName(p.mode));
    case workload::DemoProgress::Stage::Done:
      return "done";
  }
  return "";
}

std::string detailOf(const workload::DemoProgress& p) {
  if (p.stage == workload::DemoProgress::Stage::Running) {
    return p.step == 0 ? "setting up" : fmt::format("step {}/{}", p.step, p.steps);
  }
  std::size_t colon = p.message.find(": ");
  return colon == std::string::npos ? p.message : p.message.substr(colon + 2);
}

void printSummary(const workload::DemoResult& r, const workload::DemoOptions& d) {
  const workload::WorkloadConfig& w = d.workload;
  const trace::Run& first = r.session.runs.front();
  std::string device = first.devices.empty() ? std::string("GPU") : first.devices.front().name;
  const workload::ModeSummary& any = r.modes.front();
  fmt::print("Demo on {}: {} steps per mode, {} batches, phase {}, {} loader workers\n", device, w.steps,
             trace::formatBytes(w.batchBytes()), workload::phaseName(w.phase), w.workers);
  fmt::print(
      "  model compute {} per step (measured), pinned copy of a batch {} (estimated from the calibration),\n"
      "  ideal step = max(compute, copy, load / workers)\n",
      trace::formatDuration(any.compute_ns), trace::formatDuration(any.copy_ns));
  fmt::print("  {:<12} {:>12} {:>12} {:>12} {:>10} {:>14} {:>8}\n", "mode", "median step", "loader/batch",
             "ideal", "vs ideal", "CUPTI records", "dropped");
  for (const auto& m : r.modes) {
    fmt::print("  {:<12} {:>12} {:>12} {:>12} {:>9.2f}x {:>14} {:>8}\n", workload::modeName(m.mode),
               trace::formatDuration(m.median_step_ns), trace::formatDuration(m.load_ns),
               trace::formatDuration(m.ideal_step_ns), m.ratioToIdeal(),
               d.collect ? std::to_string(m.records) : "-", d.collect ? std::to_string(m.dropped) : "-");
  }
  fmt::print("\n");
}

}  // namespace

int runDemo(const DemoOptions& o) {
  workload::DemoOptions d = toWorkload(o);
  io::requireWritableOutput(o.output);
  TaskProgress progress(progressStyleFor(o.progress));
  workload::DemoResult result;
  try {
    result = workload::recordDemo(d, [&](const workload::DemoProgress& p) {
      progress.update(p.fraction, stageName(p), p.stage_fraction, detailOf(p));
    });
  } catch (const workload::NoGpuError& e) {
    progress.finish();
    printError("{}", e.what());
    return kExitNoGpu;
  } catch (const cupti::CollectorError& e) {
    progress.finish();
    printError("cannot record the GPU: {}", e.what());
    return kExitNoGpu;
  } catch (const workload::GpuError& e) {
    progress.finish();
    printError("the GPU failed during the demo: {}", e.what());
    return kExitInternalError;
  }
  progress.finish();
  {
    // The demo writes a new session: wait for any other writer of the same file to finish first.
    io::SessionWriteLock lock = lockSessionForWriting(o.output, false);
    io::saveSession(result.session, o.output);
  }
  printMessage("wrote {} ({} runs)\n", o.output, result.session.runs.size());

  printSummary(result, d);
  report::Report report = report::buildReport(result.session, o.output, analysis::AnalysisOptions{});
  report::compareAgainst(report, 0);
  std::string text = report::renderTextReport(report);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return kExitOk;
}

}  // namespace feedscope::cli
