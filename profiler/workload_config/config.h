// What the built-in training workload does: prefetch mode, phase and sizes, and the ideal step time
// they allow. CUDA-free.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "trace/types.h"

namespace feedscope::workload {

// How a batch reaches the GPU.
enum class PrefetchMode : std::uint8_t {
  Off,         // pageable buffer, synchronous copy on the compute stream: the plain for-loop
  Pinned,      // pinned buffer, still synchronous
  On,          // pinned ring, cudaMemcpyAsync on a copy stream, next batch copied while this one trains
  OnPageable,  // the same prefetching loop from pageable buffers: what happens when pinning silently fails
};
inline constexpr PrefetchMode kAllModes[] = {PrefetchMode::Off, PrefetchMode::Pinned, PrefetchMode::On,
                                             PrefetchMode::OnPageable};

std::string_view modeName(PrefetchMode mode);  // "off", "pinned", "on", "on-pageable"
// What `feedscope demo` runs without --modes (and the GUI's demo form starts with): every mode, in
// kAllModes' order.
std::vector<std::string> defaultModeNames();
std::optional<PrefetchMode> modeFromName(std::string_view name);
std::string_view modeDescription(PrefetchMode mode);
constexpr bool usesPinnedMemory(PrefetchMode m) {
  return m == PrefetchMode::Pinned || m == PrefetchMode::On;
}
constexpr bool prefetches(PrefetchMode m) {
  return m == PrefetchMode::On || m == PrefetchMode::OnPageable;
}
// "off,pinned,on" -> modes in that order; nullopt (and the bad word in `bad`) for an unknown name.
std::optional<std::vector<PrefetchMode>> parseModeList(std::string_view list, std::string* bad = nullptr);

enum class Phase : std::uint8_t {
  Train,    // forward, backward, optimizer update
  Predict,  // forward only: compute shrinks, so copies matter most
};
std::string_view phaseName(Phase phase);
std::optional<Phase> phaseFromName(std::string_view name);

struct WorkloadConfig {
  PrefetchMode mode = PrefetchMode::Off;
  Phase phase = Phase::Train;
  int steps = 200;
  // The defaults make the four modes differ visibly on an H200 (pageable H2D 6.9 GB/s, pinned 55 GB/s:
  // docs/gpu-commands.md): a 64 MiB batch copies in about 9.7 ms pageable and 1.2 ms pinned, so off
  // steps in about copy + compute (16 ms), pinned in 7.2, on in max(compute, copy, load / workers) =
  // 6, and on-pageable, whose host blocks in each pageable copy, in about 10; the loader (12 ms a
  // batch on 4 workers: 3 ms) stays faster than any of them, so none of the modes is loader-bound.
  // These are estimates until docs/gpu-results.md has the card's figures.
  double batch_mib = 64;  // bytes of one batch, in MiB
  double compute_ms = 6;  // GPU time of forward + backward per step (the model is tuned to it)
  double load_ms = 12;    // CPU time a loader worker spends on one batch (workload/cpu_work.h)
  int workers = 4;
  int depth = 2;  // prefetch ring depth (modes on, on-pageable)
  int device = 0;

  std::uint64_t batchBytes() const;
  // Host buffers the loader produces into: each worker may be filling one while another waits to be
  // taken, and the loop holds up to `depth` in flight.
  int hostSlots() const { return 2 * workers + depth + 1; }
};

// The first thing wrong with the configuration in words, or "" when it is usable.
std::string validate(const WorkloadConfig& config);

// The per-step time a perfect pipeline reaches when compute, copy and loading all overlap:
// max(compute, copy, load / workers).
trace::TimeNs idealStepNs(trace::TimeNs computeNs, trace::TimeNs copyNs, trace::TimeNs loadNs, int workers);

}  // namespace feedscope::workload
