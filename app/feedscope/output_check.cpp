// The files of the program `record` runs.
#include "output_check.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <string_view>

namespace feedscope::cli {

std::vector<std::string> filesOfProgram(const std::vector<std::string>& argv) {
  std::vector<std::string> files;
  if (argv.empty()) return files;
  const std::string& program = argv.front();
  if (program.find('/') != std::string::npos) {
    files.push_back(program);
  } else if (const char* path = std::getenv("PATH")) {
    std::string_view dirs(path);
    while (true) {
      std::size_t colon = dirs.find(':');
      std::string dir(dirs.substr(0, colon));
      std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + program;
      if (::access(candidate.c_str(), X_OK) == 0) {
        files.push_back(candidate);
        break;
      }
      if (colon == std::string_view::npos) break;
      dirs.remove_prefix(colon + 1);
    }
  }
  for (std::size_t i = 1; i < argv.size(); ++i) {
    struct stat st {};
    if (::stat(argv[i].c_str(), &st) == 0 && S_ISREG(st.st_mode)) files.push_back(argv[i]);
  }
  return files;
}

}  // namespace feedscope::cli
