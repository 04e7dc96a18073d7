// Shell completion scripts for feedscope, generated from the command catalog.
#pragma once

#include <string>
#include <vector>

#include "command_catalog.h"

namespace feedscope::cli {

std::string bashCompletion(const std::vector<CommandEntry>& commands);
std::string zshCompletion(const std::vector<CommandEntry>& commands);

}  // namespace feedscope::cli
