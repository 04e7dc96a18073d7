// Early checks of an output path.
#include "store/output_check.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "io/errors.h"
#include "read/trace_files.h"

namespace feedscope::io {

void requireWritableOutput(const std::string& path) {
  std::filesystem::path folder = std::filesystem::path(path).parent_path();
  if (folder.empty()) folder = ".";
  std::error_code ec;
  if (!std::filesystem::is_directory(folder, ec)) {
    throw InputError(path + ": cannot write (the folder " + folder.string() + " does not exist)");
  }
  if (::access(folder.c_str(), W_OK) != 0) {
    throw InputError(path + ": cannot write (the folder " + folder.string() + " is not writable)");
  }
}

void requireDistinctFiles(const std::string& output, const std::vector<std::string>& inputs,
                          std::string_view advice) {
  struct stat out {};
  // A new file clobbers nothing; a device or FIFO is written through, not replaced.
  if (output.empty() || output == "-" || ::stat(output.c_str(), &out) != 0 || !S_ISREG(out.st_mode)) return;
  // A folder is read as its trace files (io::traceFilesIn): each of them is an input to protect, the
  // folder itself is not a file an output could replace.
  std::vector<std::string> files;
  for (const auto& input : inputs) {
    std::error_code ec;
    if (std::filesystem::is_directory(input, ec)) {
      for (auto& member : traceFilesIn(input)) files.push_back(std::move(member));
    } else {
      files.push_back(input);
    }
  }
  for (const auto& input : files) {
    struct stat in {};
    if (::stat(input.c_str(), &in) == 0 && in.st_dev == out.st_dev && in.st_ino == out.st_ino) {
      throw InputError(output + ": is the same file as the input " + input + "; refusing to overwrite it (" +
                       std::string(advice) + ")");
    }
  }
}

}  // namespace feedscope::io
