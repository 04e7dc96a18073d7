// Usage errors as the README documents them: one "feedscope: error: ..." line, a hint, exit code 2;
// an unknown command gets the nearest real one suggested.
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace feedscope::cli {

// Makes CLI11's parse errors read "feedscope: error: <what> (see 'feedscope help CMD')", one line.
void useFeedscopeErrorFormat(CLI::App& app);

// The command named `name` that help lists (hidden ones excluded), or nullptr.
const CLI::App* findVisibleCommand(const CLI::App& app, const std::string& name);

// The closest command name to `typed` when it is close enough to be a typo, or nullopt.
std::optional<std::string> nearestCommand(const CLI::App& app, const std::string& typed);

// Prints "feedscope: error: unknown command 'X'; did you mean 'Y'?" and returns exit code 2.
int reportUnknownCommand(const CLI::App& app, const std::string& typed);

// When argv names a command that does not exist, reports it (exit code 2); CLI11 alone would say
// "arguments were not expected", which does not tell a user what went wrong.
std::optional<int> rejectUnknownCommand(const CLI::App& app, int argc, const char* const* argv);

}  // namespace feedscope::cli
