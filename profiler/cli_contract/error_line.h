// The line the CLI writes on stderr for a failure, as the README documents it: "feedscope: error: "
// and one line saying what went wrong. The CLI writes it (app/feedscope/user_messages.h printError),
// the GUI, which runs the CLI as a child process, reads what went wrong back from it
// (ui/child_commands.cpp cliMessage).
#pragma once

#include <string_view>

namespace feedscope::cli {

inline constexpr std::string_view kErrorPrefix = "feedscope: error: ";
// Every other line the CLI writes for the user ("feedscope: wrote FILE", notes) begins so.
inline constexpr std::string_view kLinePrefix = "feedscope: ";

}  // namespace feedscope::cli
