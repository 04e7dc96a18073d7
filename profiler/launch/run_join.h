// `feedscope merge`: sessions recorded on different machines (the ranks of a multi-node job) joined
// into one. Runs with the same name become one run on the first one's clock, aligned through the
// realtime offsets each recording stored, except recordings of different ranks (the launcher's
// variables `record` kept, trace/rank_environment.h): each rank stays a run of its own, "train rank 3",
// moved onto the first rank's clock, so that the report reads them as one job of ranks. Other runs are
// appended as they are.
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
// the user, e.g. that two joined parts do not overlap in time. A part whose recorded rank differs
// from that of every run of its name already in `target` is appended as "NAME rank N" (the runs of
// other ranks named "NAME" are renamed likewise); a part of the same rank, or where one of them has
// none, is joined.
std::vector<std::string> joinSession(trace::Session& target, trace::Session source,
                                     const std::string& sourceName, const JoinOptions& options = {});

// Joins run `b` (names from `bStrings`) into `a` (names from `aStrings`): moves b onto a's clock,
// gives devices of another host their own ids, keeps correlation ids unique. Returns notes.
std::vector<std::string> joinRun(trace::Run& a, trace::StringTable& aStrings, trace::Run b,
                                 const trace::StringTable& bStrings, const std::string& bName);

}  // namespace feedscope::launch
