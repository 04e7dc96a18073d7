// feedscope version: the same text as --version, as a subcommand for those who type it that way.
#include <fmt/format.h>

#include "commands.h"
#include "cli_contract/exit_codes.h"
#include "version_text.h"

namespace feedscope::cli {

void addVersionCommand(CLI::App& app, CommandAction& action) {
  CLI::App* cmd = app.add_subcommand("version", "Print the version and the features of this build");
  cmd->callback([&action] {
    action = [] {
      fmt::print("{}\n", versionText());
      return kExitOk;
    };
  });
}

}  // namespace feedscope::cli
