// feedscope calibrate with CUDA: measure, print, store with a session.
#include <fmt/format.h>
#include <sys/stat.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "cli_contract/exit_codes.h"
#include "gpu_commands.h"
#include "store/session_store.h"
#include "store/output_check.h"
#include "session_write_lock.h"
#include "task_progress.h"
#include "trace/run_builder.h"
#include "trace/units.h"
#include "workload/copy_calibration.h"
#include "workload/gpu_devices.h"
#include "workload/gpu_error.h"
#include "user_messages.h"

namespace feedscope::cli {

namespace {

using trace::IntervalKind;
using trace::MemoryKind;

const trace::BandwidthSample* find(const trace::Calibration& c, IntervalKind d, MemoryKind m,
                                   std::uint64_t bytes) {
  for (const auto& s : c.samples) {
    if (s.direction == d && s.host_memory == m && s.bytes == bytes) return &s;
  }
  return nullptr;
}

void printText(const trace::Calibration& c, const workload::GpuDevice& gpu) {
  fmt::print("Copy calibration of {} (GPU {}): median of each size's timed copies (CUDA events)\n", gpu.name,
             gpu.index);
  fmt::print("  {:<10} {:<22} {:<22} {:<22} {:<22}\n", "size", "H2D pinned", "H2D pageable", "D2H pinned",
             "D2H pageable");
  std::vector<std::uint64_t> sizes;
  for (const auto& s : c.samples) {
    if (std::find(sizes.begin(), sizes.end(), s.bytes) == sizes.end()) sizes.push_back(s.bytes);
  }
  for (std::uint64_t bytes : sizes) {
    std::string row = fmt::format("  {:<10}", trace::formatBytes(bytes));
    for (auto [d, m] : {std::pair{IntervalKind::MemcpyHtoD, MemoryKind::Pinned},
                        std::pair{IntervalKind::MemcpyHtoD, MemoryKind::Pageable},
                        std::pair{IntervalKind::MemcpyDtoH, MemoryKind::Pinned},
                        std::pair{IntervalKind::MemcpyDtoH, MemoryKind::Pageable}}) {
      const trace::BandwidthSample* s = find(c, d, m, bytes);
      std::string cell = s ? fmt::format("{} {}", trace::formatGbps(s->gbps),
                                         trace::formatDuration(static_cast<trace::TimeNs>(s->latency_ns)))
                           : "-";
      row += fmt::format(" {:<22}", cell);
    }
    fmt::print("{}\n", row);
  }
  fmt::print("peak: H2D pinned {}, H2D pageable {}, D2H pinned {}, D2H pageable {}\n",
             trace::formatGbps(c.pinned_h2d_gbps), trace::formatGbps(c.pageable_h2d_gbps),
             trace::formatGbps(c.pinned_d2h_gbps), trace::formatGbps(c.pageable_d2h_gbps));
}

void printJson(const trace::Calibration& c, const workload::GpuDevice& gpu) {
  nlohmann::json doc;
  doc["device"] = {{"index", gpu.index}, {"name", gpu.name}, {"uuid", gpu.uuid}};
  doc["pinned_h2d_gbps"] = c.pinned_h2d_gbps;
  doc["pageable_h2d_gbps"] = c.pageable_h2d_gbps;
  doc["pinned_d2h_gbps"] = c.pinned_d2h_gbps;
  doc["pageable_d2h_gbps"] = c.pageable_d2h_gbps;
  doc["samples"] = nlohmann::json::array();
  for (const auto& s : c.samples) {
    doc["samples"].push_back({{"direction", s.direction == IntervalKind::MemcpyHtoD ? "h2d" : "d2h"},
                              {"host_memory", trace::memoryKindName(s.host_memory)},
                              {"bytes", s.bytes},
                              {"gbps", s.gbps},
                              {"latency_ns", s.latency_ns}});
  }
  fmt::print("{}\n", doc.dump(2));
}

// Adds the calibration to every run of an existing session, or writes a session of one run.
void store(const std::string& path, const trace::Calibration& c, const workload::GpuDevice& gpu) {
  // Read, add, rename: no other writer of the session may come between (import --append, record).
  io::SessionWriteLock lock = lockSessionForWriting(path, false);
  struct stat st {};
  trace::Session session;
  if (::stat(path.c_str(), &st) == 0) {
    session = io::loadSession(path);  // InputError when it is not a session
    for (trace::Run& run : session.runs) run.calibration = c;
  } else {
    // A run of no events, built as every run is (trace/run_builder.h).
    trace::RunBuilder builder("calibration");
    trace::Run& run = builder.run();
    run.source = "calibrate";
    run.command = "feedscope calibrate";
    run.clock.source = "CLOCK_MONOTONIC";
    run.devices.push_back({gpu.index, gpu.name, gpu.uuid});
    run.labels["device"] = gpu.name;
    run.calibration = c;
    session.runs.push_back(builder.finish());
  }
  io::saveSession(session, path);
  printMessage("stored the calibration with {} ({} run{})\n", path, session.runs.size(),
             session.runs.size() == 1 ? "" : "s");
}

}  // namespace

int runCalibrate(const CalibrateOptions& o) {
  if (!o.output.empty()) io::requireWritableOutput(o.output);
  TaskProgress progress(progressStyleFor(o.progress));
  trace::Calibration calibration;
  workload::GpuDevice gpu;
  try {
    gpu = workload::requireGpu(o.device);
    calibration = workload::measureCopyBandwidth(
        o.device, workload::defaultCalibrationPlan(),
        [&](double f, const std::string& what) { progress.update(f, "calibration", f, what); });
  } catch (const workload::NoGpuError& e) {
    progress.finish();
    printError("{}", e.what());
    return kExitNoGpu;
  } catch (const workload::GpuError& e) {
    progress.finish();
    printError("the GPU failed during calibration: {}", e.what());
    return kExitInternalError;
  }
  progress.finish();
  if (o.format == "json") {
    printJson(calibration, gpu);
  } else {
    printText(calibration, gpu);
  }
  if (!o.output.empty()) store(o.output, calibration, gpu);
  return kExitOk;
}

}  // namespace feedscope::cli
