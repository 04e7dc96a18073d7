// The one exception type for bad input: its message is the one line the user sees.
#pragma once

#include <stdexcept>
#include <string>

namespace feedscope::io {

// A file or argument Feedscope cannot use: missing, unreadable, truncated, corrupt, of the wrong
// format or from a newer version. The CLI prints what() and exits with code 2.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace feedscope::io
