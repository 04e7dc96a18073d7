// The text of `feedscope --version` and `feedscope version`: the version and the build's features.
#pragma once

#include <string>

namespace feedscope::cli {

std::string versionText();

}  // namespace feedscope::cli
