// What `record` must not write over besides its inputs: the program it runs and the files it reads.
// The checks of every output (never an input, a folder that exists) are store/output_check.h.
#pragma once

#include <string>
#include <vector>

namespace feedscope::cli {

// The files a recorded program reads that Feedscope can know of: the program itself (looked up in
// PATH as execvp would) and every argument that names an existing file.
std::vector<std::string> filesOfProgram(const std::vector<std::string>& argv);

}  // namespace feedscope::cli
