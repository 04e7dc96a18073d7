// Session merging.
#include "trace/session_merge.h"

#include <string>
#include <unordered_map>

namespace feedscope::trace {

Run& appendRun(Session& target, Run run, const StringTable& from) {
  std::unordered_map<StringId, StringId> remap;
  for (auto& track : run.tracks) {
    for (auto& id : track.intervals.name) {
      auto [it, fresh] = remap.try_emplace(id, 0);
      if (fresh) it->second = target.strings.intern(from.get(id));
      id = it->second;
    }
  }
  std::string base = run.name;
  for (int n = 2; target.findRun(run.name) != nullptr; ++n) run.name = base + " (" + std::to_string(n) + ")";
  target.runs.push_back(std::move(run));
  return target.runs.back();
}

void appendSession(Session& target, Session source) {
  for (auto& run : source.runs) appendRun(target, std::move(run), source.strings);
}

}  // namespace feedscope::trace
