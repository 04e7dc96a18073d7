// Reading the process's own identity from the kernel.
#include "inject/process_facts.h"
#include "trace/clock.h"
#include "trace/rank_environment.h"

#include <limits.h>
#include <time.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iterator>

namespace feedscope::inject {

std::string hostName() {
  char name[HOST_NAME_MAX + 1] = {};
  if (::gethostname(name, sizeof name - 1) != 0) return "unknown";
  return name;
}

std::string executablePath() {
  char path[PATH_MAX];
  ssize_t n = ::readlink("/proc/self/exe", path, sizeof path);
  return n > 0 ? std::string(path, static_cast<std::size_t>(n)) : std::string();
}

std::string commandLine() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string raw((std::istreambuf_iterator<char>(in)), {});
  while (!raw.empty() && raw.back() == '\0') raw.pop_back();
  for (char& c : raw) {
    if (c == '\0') c = ' ';
  }
  return raw;
}

std::map<std::string, std::string> launcherEnvironment() {
  std::map<std::string, std::string> variables;
  for (std::string_view name : trace::kLauncherVariables) {
    if (const char* value = std::getenv(std::string(name).c_str())) variables[std::string(name)] = value;
  }
  return variables;
}

}  // namespace feedscope::inject
