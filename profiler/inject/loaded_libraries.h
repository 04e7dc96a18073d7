// The shared objects loaded in this process whose file name contains a given text: which libcupti the
// program really uses (PyTorch brings its own), written into the stream so a mismatch can be seen.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace feedscope::inject {

std::vector<std::string> loadedLibraries(std::string_view nameContains);

}  // namespace feedscope::inject
