// Moving runs between sessions: names are re-interned into the target's string table.
#pragma once

#include "trace/session.h"

namespace feedscope::trace {

// Appends `run` (whose names are ids of `from`) to `target`. The run keeps its name unless another
// run already has it, in which case " (2)", " (3)"... is added.
Run& appendRun(Session& target, Run run, const StringTable& from);
// Appends every run of `source` to `target`.
void appendSession(Session& target, Session source);

}  // namespace feedscope::trace
