// The CLI's commands and options as plain data, read from the CLI11 definitions, so the shell
// completions and the man page are generated from the same source as --help and never drift.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace feedscope::cli {

struct OptionEntry {
  std::vector<std::string> names;    // "-o", "--output"; empty for a positional
  std::string positional;            // "FILE" for a positional argument
  std::string description;
  std::vector<std::string> choices;  // the values an IsMember check accepts, else empty
  bool takesValue = false;
};

struct CommandEntry {
  std::string name;
  std::string description;
  std::vector<OptionEntry> options;  // --help and hidden options left out
};

// The visible commands of `app`, in the order they were defined.
std::vector<CommandEntry> commandCatalog(const CLI::App& app);

}  // namespace feedscope::cli
