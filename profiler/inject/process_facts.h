// Facts about the current process written at the head of its raw stream: host, executable, command line.
#pragma once

#include <cstdint>
#include <string>

namespace feedscope::inject {

std::string hostName();
std::string executablePath();  // /proc/self/exe
std::string commandLine();     // /proc/self/cmdline, arguments joined by spaces

}  // namespace feedscope::inject
