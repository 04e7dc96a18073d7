// The CLI's subcommands; each registers itself on the app and runs when chosen.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>

namespace feedscope::cli {

// Set by the chosen subcommand: runs after parsing and returns the exit code.
using CommandAction = std::function<int()>;

void addImportCommand(CLI::App& app, CommandAction& action);
void addReportCommand(CLI::App& app, CommandAction& action);
void addSummarizeCommand(CLI::App& app, CommandAction& action);
void addExportCommand(CLI::App& app, CommandAction& action);
void addDevicesCommand(CLI::App& app, CommandAction& action);
void addDemoCommand(CLI::App& app, CommandAction& action);
void addCalibrateCommand(CLI::App& app, CommandAction& action);
void addRecordCommand(CLI::App& app, CommandAction& action);
void addMergeCommand(CLI::App& app, CommandAction& action);
void addRawInfoCommand(CLI::App& app, CommandAction& action);
void addHelpCommand(CLI::App& app, CommandAction& action);
void addVersionCommand(CLI::App& app, CommandAction& action);
// Hidden: `completion bash|zsh` and `man`, which the build runs to generate the shell completions and
// the man page from these same definitions.
void addShellIntegrationCommands(CLI::App& app, CommandAction& action);

}  // namespace feedscope::cli
