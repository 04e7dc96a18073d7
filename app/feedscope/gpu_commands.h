// The commands that need a GPU (devices, demo, calibrate): their options, parsed the same in every
// build, and their actions, which a build without CUDA answers with one line and exit code 3.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "workload_config/config.h"

namespace feedscope::cli {

struct DevicesOptions {
  std::string format = "text";  // text or json
};

// Unset numbers take the workload's defaults (see feedscope demo --help).
struct DemoOptions {
  std::vector<std::string> modes = workload::defaultModeNames();
  std::optional<int> steps;
  std::optional<double> batch_mib;
  std::optional<double> compute_ms;
  std::optional<double> load_ms;
  std::optional<int> workers;
  std::optional<int> depth;
  std::string phase = "train";
  int device = 0;
  std::string collector = "cupti";  // or "off": host lanes only, to measure the collector's overhead
  std::string calibration;          // a session file whose calibration to use instead of measuring
  std::string output;
  std::string progress;  // "machine", "human", "none"; "" chooses by terminal
};

struct CalibrateOptions {
  int device = 0;
  std::string output;  // a session to store the calibration with ("" prints only)
  std::string format = "text";
  std::string progress;
};

int runDevices(const DevicesOptions& options);
// {"devices": [], "reason": ...} on stdout: devices --format json without a GPU or without CUDA.
void printNoDevicesJson(const std::string& reason);
int runDemo(const DemoOptions& options);
int runCalibrate(const CalibrateOptions& options);

}  // namespace feedscope::cli
