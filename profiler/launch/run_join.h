// `feedscope merge`: sessions recorded on different machines (the ranks of a multi-node job) joined
// into one. Runs with the same name become one run on the first one's clock, aligned through the
// realtime offsets each recording stored; other runs are appended as they are.
#pragma once

#include <string>
#include <vector>

#include "trace/session.h"

namespace feedscope::launch {

struct JoinOptions {
  bool join_same_names = true;  // false: append every run, renaming clashes ("run (2)")
};

// Adds the runs of `source` (named `sourceName` in messages) to `target`. Throws io::InputError when a
// run to join has no realtime offset to align by (it was imported, not recorded). Returns notes for
// the user, e.g. that two joined parts do not overlap in time.
std::vector<std::string> joinSession(trace::Session& target, trace::Session source,
                                     const std::string& sourceName, const JoinOptions& options = {});

// Joins run `b` (names from `bStrings`) into `a` (names from `aStrings`): moves b onto a's clock,
// gives devices of another host their own ids, keeps correlation ids unique. Returns notes.
std::vector<std::string> joinRun(trace::Run& a, trace::StringTable& aStrings, trace::Run b,
                                 const trace::StringTable& bStrings, const std::string& bName);

}  // namespace feedscope::launch
