// feedscope demo: the built-in training loop in each prefetch mode, recorded into one session, then
// the comparison report.
#include <fmt/format.h>

#include "commands.h"
#include "numeric_options.h"
#include "gpu_commands.h"

namespace feedscope::cli {

void addDemoCommand(CLI::App& app, CommandAction& action) {
  auto o = std::make_shared<DemoOptions>();
  CLI::App* cmd = app.add_subcommand(
      "demo", "Record the built-in training loop with prefetching off and on, and compare (needs a GPU)");
  cmd->add_option(
         "--modes", o->modes,
         "comma-separated prefetch modes, in order (default off,pinned,on,on-pageable): off = pageable "
         "buffer, synchronous copy; pinned = pinned buffer, synchronous; on = pinned ring, copy stream, next "
         "batch copied while this one trains; on-pageable = the same from pageable memory")
      ->delimiter(',')
      ->check(CLI::IsMember({"off", "pinned", "on", "on-pageable"}));
  cmd->add_option("--steps", o->steps, "training steps per mode (default 200)")
      ->check(numberIn(1, 1'000'000));
  cmd->add_option("--batch-mib", o->batch_mib, "MiB per batch (default 64)")
      ->check(numberIn(1.0 / 1024, 4096.0));
  const workload::WorkloadConfig defaults;
  cmd->add_option("--compute-ms", o->compute_ms,
                  fmt::format("GPU time of forward + backward per step (default {})", defaults.compute_ms))
      ->check(numberIn(0.01, 10'000.0));
  cmd->add_option("--load-ms", o->load_ms,
                  fmt::format("CPU time a loader worker spends on one batch (default {})", defaults.load_ms))
      ->check(numberIn(0.0, 60'000.0));
  cmd->add_option("--workers", o->workers, "loader worker threads (default 4)")->check(numberIn(1, 256));
  cmd->add_option("--depth", o->depth, "prefetch ring depth for modes on and on-pageable (default 2)")
      ->check(numberIn(2, 64));
  cmd->add_option("--phase", o->phase, "train (forward, backward, update; default) or predict (forward only)")
      ->check(CLI::IsMember({"train", "predict"}));
  cmd->add_option("--device", o->device, "GPU index (default 0)")->check(numberIn(0, 1023));
  cmd->add_option(
         "--collector", o->collector,
         "cupti (default) records the GPU; off records only the host lanes (to measure the collector's "
         "overhead)")
      ->check(CLI::IsMember({"cupti", "off"}));
  cmd->add_option(
      "--calibration", o->calibration,
      "use the copy calibration stored in this session (feedscope calibrate -o) instead of measuring");
  cmd->add_option("-o,--output", o->output, "the session to write (.feedscope)")->required();
  cmd->add_option("--progress", o->progress, "machine: FEEDSCOPE-PROGRESS lines on stderr; human; none")
      ->check(CLI::IsMember({"machine", "human", "none"}));
  cmd->callback([o, &action] { action = [o] { return runDemo(*o); }; });
}

}  // namespace feedscope::cli
