// Which intervals' arguments an import keeps (trace/arguments.h). What is viewed, stored or exported
// keeps every one; a report keeps only the collectives', which the job analysis matches by (process
// group, sequence number, message size): every argument of a 2 M-event trace would double the
// report's memory (docs/performance.md, "Arguments").
#pragma once

#include <cstdint>
#include <string_view>

#include "trace/collective_names.h"
#include "trace/types.h"

namespace feedscope::io {

enum class KeptArguments : std::uint8_t { None, Collectives, All };

inline bool keepsArgumentsOf(KeptArguments kept, trace::IntervalKind kind, std::string_view name) {
  switch (kept) {
    case KeptArguments::None: return false;
    case KeptArguments::All: return true;
    case KeptArguments::Collectives:
      return kind == trace::IntervalKind::Kernel ? trace::isCollectiveKernelName(name)
                                                 : trace::isCollectiveHostRangeName(name);
  }
  return false;
}

}  // namespace feedscope::io
