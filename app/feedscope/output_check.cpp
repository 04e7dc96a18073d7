// Early checks of an output path.
#include "output_check.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string_view>

#include "io/errors.h"
#include "io/trace_folder.h"

namespace feedscope::cli {

void requireWritableOutput(const std::string& path) {
  std::filesystem::path folder = std::filesystem::path(path).parent_path();
  if (folder.empty()) folder = ".";
  std::error_code ec;
  if (!std::filesystem::is_directory(folder, ec)) {
    throw io::InputError(path + ": cannot write (the folder " + folder.string() + " does not exist)");
  }
  if (::access(folder.c_str(), W_OK) != 0) {
    throw io::InputError(path + ": cannot write (the folder " + folder.string() + " is not writable)");
  }
}

void requireDistinctFiles(const std::string& output, const std::vector<std::string>& inputs) {
  struct stat out {};
  // A new file clobbers nothing; a device or FIFO is written through, not replaced.
  if (output.empty() || output == "-" || ::stat(output.c_str(), &out) != 0 || !S_ISREG(out.st_mode)) return;
  // A folder is read as its trace files (io::traceFilesIn): each of them is an input to protect, the
  // folder itself is not a file an output could replace.
  std::vector<std::string> files;
  for (const auto& input : inputs) {
    std::error_code ec;
    if (std::filesystem::is_directory(input, ec)) {
      for (auto& member : io::traceFilesIn(input)) files.push_back(std::move(member));
    } else {
      files.push_back(input);
    }
  }
  for (const auto& input : files) {
    struct stat in {};
    if (::stat(input.c_str(), &in) == 0 && in.st_dev == out.st_dev && in.st_ino == out.st_ino) {
      throw io::InputError(output + ": is the same file as the input " + input +
                           "; refusing to overwrite it (choose another -o)");
    }
  }
}

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
