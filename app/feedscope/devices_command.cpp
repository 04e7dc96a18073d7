// feedscope devices: the CUDA GPUs of this machine, as text or JSON; exit 3 when there are none.
#include "commands.h"
#include "gpu_commands.h"

namespace feedscope::cli {

void addDevicesCommand(CLI::App& app, CommandAction& action) {
  auto o = std::make_shared<DevicesOptions>();
  CLI::App* cmd = app.add_subcommand(
      "devices", "List the CUDA GPUs Feedscope can record on (exit 3 when there are none)");
  cmd->add_option("--format", o->format, "text (default) or json")->check(CLI::IsMember({"text", "json"}));
  cmd->callback([o, &action] { action = [o] { return runDevices(*o); }; });
}

}  // namespace feedscope::cli
