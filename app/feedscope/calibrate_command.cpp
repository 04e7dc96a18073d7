// feedscope calibrate: copy bandwidth and latency of this machine's GPU link, stored with a session.
#include "commands.h"
#include "numeric_options.h"
#include "gpu_commands.h"

namespace feedscope::cli {

void addCalibrateCommand(CLI::App& app, CommandAction& action) {
  auto o = std::make_shared<CalibrateOptions>();
  CLI::App* cmd = app.add_subcommand(
      "calibrate",
      "Measure pageable and pinned H2D/D2H bandwidth and latency, 4 KiB to 256 MiB (needs a GPU)");
  cmd->add_option("-o,--output", o->output,
                  "store it with this session: added to every run of an existing session, else a new session "
                  "holding one run named \"calibration\"");
  cmd->add_option("--device", o->device, "GPU index (default 0)")->check(numberIn(0, 1023));
  cmd->add_option("--format", o->format, "text (default) or json")->check(CLI::IsMember({"text", "json"}));
  cmd->add_option("--progress", o->progress, "machine: FEEDSCOPE-PROGRESS lines on stderr; human; none")
      ->check(CLI::IsMember({"machine", "human", "none"}));
  cmd->callback([o, &action] { action = [o] { return runCalibrate(*o); }; });
}

}  // namespace feedscope::cli
