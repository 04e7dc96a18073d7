// Workload modes, phases and their validation.
#include "workload_config/config.h"

#include <algorithm>
#include <cmath>

namespace feedscope::workload {

std::string_view modeName(PrefetchMode mode) {
  switch (mode) {
    case PrefetchMode::Off:
      return "off";
    case PrefetchMode::Pinned:
      return "pinned";
    case PrefetchMode::On:
      return "on";
    case PrefetchMode::OnPageable:
      return "on-pageable";
  }
  return "off";
}

std::vector<std::string> defaultModeNames() {
  std::vector<std::string> names;
  for (PrefetchMode mode : kAllModes) names.emplace_back(modeName(mode));
  return names;
}

std::optional<PrefetchMode> modeFromName(std::string_view name) {
  for (PrefetchMode m : kAllModes) {
    if (modeName(m) == name) return m;
  }
  return std::nullopt;
}

std::string_view modeDescription(PrefetchMode mode) {
  switch (mode) {
    case PrefetchMode::Off:
      return "pageable buffer, synchronous copy on the compute stream (the plain for-loop)";
    case PrefetchMode::Pinned:
      return "pinned buffer, synchronous copy on the compute stream";
    case PrefetchMode::On:
      return "pinned ring, asynchronous copy on a copy stream while the previous batch trains";
    case PrefetchMode::OnPageable:
      return "the prefetching loop from pageable buffers (pinning silently failed)";
  }
  return "";
}

std::optional<std::vector<PrefetchMode>> parseModeList(std::string_view list, std::string* bad) {
  std::vector<PrefetchMode> modes;
  while (!list.empty()) {
    std::size_t comma = list.find(',');
    std::string_view word = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
    if (word.empty()) continue;
    auto mode = modeFromName(word);
    if (!mode) {
      if (bad != nullptr) *bad = std::string(word);
      return std::nullopt;
    }
    if (std::find(modes.begin(), modes.end(), *mode) == modes.end()) modes.push_back(*mode);
  }
  if (modes.empty()) {
    if (bad != nullptr) bad->clear();
    return std::nullopt;
  }
  return modes;
}

std::string_view phaseName(Phase phase) {
  return phase == Phase::Train ? "train" : "predict";
}

std::optional<Phase> phaseFromName(std::string_view name) {
  if (name == "train") return Phase::Train;
  if (name == "predict") return Phase::Predict;
  return std::nullopt;
}

std::uint64_t WorkloadConfig::batchBytes() const {
  // Whole KiB, so the model's 256-wide rows divide the batch evenly.
  return static_cast<std::uint64_t>(std::llround(batch_mib * 1024.0)) * 1024;
}

std::string validate(const WorkloadConfig& c) {
  if (c.steps < 1) return "--steps must be at least 1";
  if (!(c.batch_mib >= 1.0 / 1024) || c.batch_mib > 4096)
    return "--batch-mib must be between 1/1024 (1 KiB) and 4096";
  if (!(c.compute_ms > 0) || c.compute_ms > 10'000) return "--compute-ms must be above 0 and at most 10000";
  if (!(c.load_ms >= 0) || c.load_ms > 60'000) return "--load-ms must be between 0 and 60000";
  if (c.workers < 1 || c.workers > 256) return "--workers must be between 1 and 256";
  if (c.depth < 2 || c.depth > 64) return "--depth must be between 2 and 64 (a ring of one cannot prefetch)";
  if (c.device < 0) return "--device must be 0 or more";
  return "";
}

trace::TimeNs idealStepNs(trace::TimeNs computeNs, trace::TimeNs copyNs, trace::TimeNs loadNs, int workers) {
  trace::TimeNs perWorker = workers > 0 ? loadNs / workers : loadNs;
  return std::max({computeNs, copyNs, perWorker});
}

}  // namespace feedscope::workload
