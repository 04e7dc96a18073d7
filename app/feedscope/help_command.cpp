// feedscope help [COMMAND]: the same text as --help, for the whole tool or one command.
#include <fmt/format.h>

#include <cstdio>

#include "commands.h"
#include "cli_contract/exit_codes.h"
#include "usage_errors.h"

namespace feedscope::cli {

void addHelpCommand(CLI::App& app, CommandAction& action) {
  auto topic = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("help", "Show the help of feedscope or of one command: feedscope help report");
  cmd->add_option("COMMAND", *topic, "the command to explain");
  cmd->callback([&app, topic, &action] {
    action = [&app, topic] {
      // Through the formatter: App::help() would describe the command being run, `help` itself.
      const auto& formatter = app.get_formatter();
      if (topic->empty()) {
        fmt::print("{}", formatter->make_help(&app, app.get_name(), CLI::AppFormatMode::Normal));
        return kExitOk;
      }
      const CLI::App* sub = findVisibleCommand(app, *topic);
      if (sub == nullptr) return reportUnknownCommand(app, *topic);
      fmt::print("{}", formatter->make_help(sub, app.get_name() + " " + sub->get_name(), CLI::AppFormatMode::Normal));
      return kExitOk;
    };
  });
}

}  // namespace feedscope::cli
