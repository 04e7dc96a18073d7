// Early check of an output path.
#include "output_check.h"

#include <unistd.h>

#include <filesystem>

#include "io/input_error.h"

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

}  // namespace feedscope::cli
