// Recording the demo: collector, calibration, model tuning, one run per mode.
#include "workload/demo.h"

#include <cuda_runtime.h>
#include <fmt/format.h>

#include <memory>
#include <string>

#include "cupti/collector.h"
#include "cupti/run_sink.h"
#include "trace/units.h"
#include "workload/copy_calibration.h"
#include "workload/cuda_check.h"
#include "workload/cuda_resources.h"
#include "workload/gpu_devices.h"
#include "workload/model.h"
#include "workload/training_loop.h"

namespace feedscope::workload {

double ModeSummary::ratioToIdeal() const {
  return ideal_step_ns > 0 ? static_cast<double>(median_step_ns) / static_cast<double>(ideal_step_ns) : 0.0;
}

namespace {

// The share of the whole demo each stage takes, for one progress fraction.
constexpr double kCalibrationShare = 0.10;
constexpr double kTuningShare = 0.05;

void report(const DemoProgressFn& progress, DemoProgress p) {
  if (progress) progress(p);
}

ModelTiming tuneOnce(const WorkloadConfig& config, int multiprocessors) {
  checkCuda(cudaSetDevice(config.device), "selecting GPU " + std::to_string(config.device));
  SyntheticModel model(config.batchBytes(), multiprocessors);
  DeviceBuffer<std::uint8_t> input(config.batchBytes(), "allocating the tuning input");
  checkCuda(cudaMemset(input.get(), 100, config.batchBytes()), "filling the tuning input");
  Stream stream("creating the tuning stream");
  return tuneModel(model, stream.get(), input.get(), static_cast<trace::TimeNs>(config.compute_ms * 1e6));
}

void nameStreams(trace::RunBuilder& builder, const TrainingLoop& loop, int device) {
  std::int64_t compute = cupti::Collector::streamId(loop.computeStream());
  std::int64_t copy = cupti::Collector::streamId(loop.copyStream());
  auto prefix = "GPU " + std::to_string(device) + " ";
  if (compute >= 0)
    builder.nameTrack(builder.gpuTrack(device, compute),
                      prefix + "compute stream " + std::to_string(compute));
  if (copy >= 0 && copy != compute)
    builder.nameTrack(builder.gpuTrack(device, copy), prefix + "copy stream " + std::to_string(copy));
}

// What the run was and what it achieved, as labels (docs/gpu-commands.md lists them).
void labelRun(trace::Run& run, const WorkloadConfig& config, bool collect, const GpuDevice& gpu,
              int modelDepth, const ModeSummary& summary, float lastLoss) {
  auto& l = run.labels;
  l["mode"] = std::string(modeName(config.mode));
  l["mode_description"] = std::string(modeDescription(config.mode));
  l["phase"] = std::string(phaseName(config.phase));
  l["steps"] = std::to_string(config.steps);
  l["batch_mib"] = fmt::format("{}", config.batch_mib);
  l["compute_ms"] = fmt::format("{}", config.compute_ms);
  l["load_ms"] = fmt::format("{}", config.load_ms);
  l["workers"] = std::to_string(config.workers);
  l["depth"] = std::to_string(config.depth);
  l["collector"] = collect ? "cupti" : "off";
  l["device"] = gpu.name;
  l["model_depth"] = std::to_string(modelDepth);
  l["model_compute_ns"] = std::to_string(summary.compute_ns);
  l["copy_estimate_ns"] = std::to_string(summary.copy_ns);
  l["loader_median_ns"] = std::to_string(summary.load_ns);
  l["host_median_step_ns"] = std::to_string(summary.median_step_ns);
  l["ideal_step_ns"] = std::to_string(summary.ideal_step_ns);
  l["final_loss"] = fmt::format("{}", lastLoss);
}

}  // namespace

DemoResult recordDemo(const DemoOptions& options, const DemoProgressFn& progress) {
  GpuDevice gpu = requireGpu(options.workload.device);
  DemoResult result;
  trace::Session& session = result.session;

  // The collector starts before this process creates its CUDA context, so it sees the context
  // being created and knows its device from the first record.
  cupti::RunSink sink(session.strings);
  std::unique_ptr<cupti::Collector> collector;
  if (options.collect) {
    cupti::CollectorOptions co;
    co.subscriber_name = "feedscope demo";
    collector = std::make_unique<cupti::Collector>(sink, co);
    collector->start();
  }

  DemoProgress p;
  if (options.calibration) {
    result.calibration = *options.calibration;
  } else {
    p.stage = DemoProgress::Stage::Calibrating;
    result.calibration = measureCopyBandwidth(options.workload.device, defaultCalibrationPlan(),
                                              [&](double f, const std::string& what) {
                                                p.fraction = f * kCalibrationShare;
                                                p.stage_fraction = f;
                                                p.message = "calibrating copies: " + what;
                                                report(progress, p);
                                              });
  }
  p.stage = DemoProgress::Stage::Tuning;
  p.fraction = kCalibrationShare;
  p.stage_fraction = 0;
  p.message = "tuning the model to " +
              trace::formatDuration(static_cast<trace::TimeNs>(options.workload.compute_ms * 1e6)) +
              " per step";
  report(progress, p);
  ModelTiming timing = tuneOnce(options.workload, gpu.multiprocessors);
  result.model_depth = timing.depth;
  const bool train = options.workload.phase == Phase::Train;
  const trace::TimeNs computeNs = train ? timing.train_ns : timing.predict_ns;
  const trace::TimeNs copyNs =
      estimatedCopyNs(result.calibration, options.workload.batchBytes(), trace::MemoryKind::Pinned)
          .value_or(0);

  const double perMode = (1.0 - kCalibrationShare - kTuningShare) / static_cast<double>(options.modes.size());
  for (std::size_t m = 0; m < options.modes.size(); ++m) {
    WorkloadConfig config = options.workload;
    config.mode = options.modes[m];
    p.stage = DemoProgress::Stage::Running;
    p.mode_index = m;
    p.mode = config.mode;
    p.steps = config.steps;
    p.step = 0;
    p.stage_fraction = 0;
    p.fraction = kCalibrationShare + kTuningShare + perMode * static_cast<double>(m);
    p.message = std::string(modeName(config.mode)) + ": setting up";
    report(progress, p);

    TrainingLoop loop(config, timing.depth);
    if (collector) {
      collector->flushAll();  // set-up records belong to no run
      sink.beginRun(std::string(modeName(config.mode)));
    }
    cupti::CollectorStats before = collector ? collector->stats() : cupti::CollectorStats{};
    loop.run([&](int done, int steps) {
      p.step = done;
      p.stage_fraction = static_cast<double>(done) / steps;
      p.fraction = kCalibrationShare + kTuningShare + perMode * (static_cast<double>(m) + p.stage_fraction);
      p.message =
          std::string(modeName(config.mode)) + ": step " + std::to_string(done) + "/" + std::to_string(steps);
      report(progress, p);
    });
    cupti::CollectorStats after;
    trace::RunBuilder builder(std::string(modeName(config.mode)));
    if (collector) {
      collector->flushAll();
      after = collector->stats();
      builder = sink.takeRun();
      nameStreams(builder, loop, config.device);
    }
    loop.lanes().addTo(builder, session.strings, loop.pid(), loop.mainTid());

    ModeSummary summary;
    summary.mode = config.mode;
    summary.median_step_ns = loop.lanes().medianStepNs();
    summary.compute_ns = computeNs;
    summary.copy_ns = copyNs;
    summary.load_ns = loop.lanes().medianLoaderWorkNs();
    summary.ideal_step_ns = idealStepNs(computeNs, copyNs, summary.load_ns, config.workers);
    summary.records = after.records - before.records;
    summary.dropped = after.dropped - before.dropped;

    trace::Run run = builder.finish();
    run.source = "demo";
    run.command = "feedscope demo";
    run.clock.source = "CLOCK_MONOTONIC";
    cupti::ClockTriple clock = collector ? collector->stats().at_start : cupti::clockTripleAround(0);
    run.clock.realtime_offset_ns = clock.realtimeOffsetNs();
    if (run.devices.empty()) run.devices.push_back({gpu.index, gpu.name, gpu.uuid});
    run.calibration = result.calibration;
    labelRun(run, config, options.collect, gpu, timing.depth, summary, loop.lastLoss());
    session.runs.push_back(std::move(run));
    result.modes.push_back(summary);
  }
  if (collector) collector->stop();
  p.stage = DemoProgress::Stage::Done;
  p.fraction = 1.0;
  p.stage_fraction = 1.0;
  p.message = "done";
  report(progress, p);
  return result;
}

}  // namespace feedscope::workload
