// Hidden commands the build runs to generate the shell completions and the man page from the CLI11
// definitions: feedscope completion bash|zsh, feedscope man.
#include <fmt/format.h>

#include "command_catalog.h"
#include "commands.h"
#include "completion_script.h"
#include "cli_contract/exit_codes.h"
#include "man_page.h"

namespace feedscope::cli {

void addShellIntegrationCommands(CLI::App& app, CommandAction& action) {
  auto shell = std::make_shared<std::string>();
  CLI::App* completion = app.add_subcommand("completion", "Print a shell completion script")->group("");
  completion->add_option("SHELL", *shell, "bash or zsh")->required()->check(CLI::IsMember({"bash", "zsh"}));
  completion->callback([&app, shell, &action] {
    action = [&app, shell] {
      auto commands = commandCatalog(app);
      fmt::print("{}", *shell == "zsh" ? zshCompletion(commands) : bashCompletion(commands));
      return kExitOk;
    };
  });
  CLI::App* man = app.add_subcommand("man", "Print the feedscope(1) man page in roff")->group("");
  man->callback([&app, &action] {
    action = [&app] {
      fmt::print("{}", manPage(app.get_description(), commandCatalog(app)));
      return kExitOk;
    };
  });
}

}  // namespace feedscope::cli
