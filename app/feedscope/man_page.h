// The feedscope(1) man page in roff, generated from the command catalog (the same source as --help).
#pragma once

#include <string>
#include <vector>

#include "command_catalog.h"

namespace feedscope::cli {

std::string manPage(const std::string& summary, const std::vector<CommandEntry>& commands);

}  // namespace feedscope::cli
