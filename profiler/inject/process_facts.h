// Facts about the current process written at the head of its raw stream: host, executable, command
// line, and the launcher variables that say which rank of a job it is.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace feedscope::inject {

std::string hostName();
std::string executablePath();  // /proc/self/exe
std::string commandLine();     // /proc/self/cmdline, arguments joined by spaces
// The launcher variables (trace/rank_environment.h, kLauncherVariables) set in this process now, by
// name: torchrun sets RANK in each worker it starts, so `record torchrun` learns each process's rank
// from here, not from its own environment. Nothing else of the environment is read.
std::map<std::string, std::string> launcherEnvironment();

}  // namespace feedscope::inject
