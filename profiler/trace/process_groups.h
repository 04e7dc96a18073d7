// A rank's process groups and their ranks, as PyTorch tells them: Kineto's
// `distributedInfo.pg_config` (the groups the rank belongs to) and a collective's `Process Group Ranks`
// argument. The Kineto import keeps pg_config as the run label `pg_config` in the form below; the job
// analysis reads it back to match collectives within their own group (docs/metrics.md, "Collectives").
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace feedscope::trace {

inline constexpr std::string_view kProcessGroupsLabel = "pg_config";

// Process group name → its global ranks, ascending.
using ProcessGroupRanks = std::map<std::string, std::vector<int>>;

// "0:0,1,2,3;1:0,1": each group's name (':', ';' and '%' written %3A, %3B, %25) and its ranks.
std::string processGroupsLabel(const ProcessGroupRanks& groups);
// The label read back; groups whose ranks do not read are left out.
ProcessGroupRanks parseProcessGroupsLabel(std::string_view label);

// PyTorch's `Process Group Ranks` text, "[0, 1, 2, 3]", as sorted ranks. nullopt when it says nothing
// exact: "[]" (older PyTorch for the default group), a list cut short ("[0, 1, ..., 29, ...]", past 30
// ranks), or anything that is not such a list.
std::optional<std::vector<int>> parseRankList(std::string_view text);

}  // namespace feedscope::trace
