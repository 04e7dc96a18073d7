// Numeric option ranges.
#include "numeric_options.h"

#include <fmt/format.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string>

namespace feedscope::cli {

CLI::Validator numberIn(double lowest, double highest) {
  std::string range = fmt::format("a number from {:g} to {:g}", lowest, highest);
  return CLI::Validator(
      [lowest, highest, range](std::string& text) -> std::string {
        errno = 0;
        char* end = nullptr;
        double value = std::strtod(text.c_str(), &end);
        if (text.empty() || end != text.c_str() + text.size()) return "'" + text + "' is not a number; give " + range;
        // strtod reads "nan" and "inf" and saturates on overflow (ERANGE): none is a usable value.
        if (!std::isfinite(value) || errno == ERANGE || value < lowest || value > highest) {
          return "'" + text + "' is out of range; give " + range;
        }
        return std::string();
      },
      range);
}

}  // namespace feedscope::cli
