// Checking before minutes of GPU work that the file it ends in can be written at all.
#pragma once

#include <string>

namespace feedscope::cli {

// Throws io::InputError with one line when the folder of `path` is missing or not writable.
void requireWritableOutput(const std::string& path);

}  // namespace feedscope::cli
