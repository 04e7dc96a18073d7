// Checks of an output path before any work: that it can be written at all, and that writing it would
// not destroy one of the command's own inputs.
#pragma once

#include <string>
#include <vector>

namespace feedscope::cli {

// Throws io::InputError with one line when the folder of `path` is missing or not writable.
void requireWritableOutput(const std::string& path);

// Throws io::InputError (exit 2) when `output` is the same file (device and inode, through any link)
// as one of `inputs`: `report S -o S` would otherwise replace the trace it reads.
void requireDistinctFiles(const std::string& output, const std::vector<std::string>& inputs);

// The files a recorded program reads that Feedscope can know of: the program itself (looked up in
// PATH as execvp would) and every argument that names an existing file.
std::vector<std::string> filesOfProgram(const std::vector<std::string>& argv);

}  // namespace feedscope::cli
