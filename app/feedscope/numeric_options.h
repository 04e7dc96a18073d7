// The one range check of every numeric option: a number that is not finite (nan, inf) or lies
// outside what the option can mean is a usage error (exit 2), never a value that overflows later
// and gets printed wrapped (an --pinned-gbps of 1e-12 made copies last -9223372037 s).
#pragma once

#include <CLI/CLI.hpp>

namespace feedscope::cli {

// A validator for an option that takes a number from `lowest` to `highest` (both included).
CLI::Validator numberIn(double lowest, double highest);

}  // namespace feedscope::cli
