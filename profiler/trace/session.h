// A session: the unit of a .feedscope file, one or more runs sharing one string table.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "trace/run.h"
#include "trace/string_table.h"

namespace feedscope::trace {

struct Session {
  StringTable strings;
  std::vector<Run> runs;

  const Run* findRun(std::string_view name) const;
  std::size_t intervalCount() const;
  // Bytes held in memory by interval columns divided by the number of intervals.
  double bytesPerInterval() const;
};

}  // namespace feedscope::trace
