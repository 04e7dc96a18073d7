// Run names in narrow places (chart legends, bar labels, table headers): cut in the middle, keeping
// a third of the room for the start and the rest for the end, where the runs of one experiment
// ("h200_naive", "h200_stream") usually differ.
#pragma once

#include <string>
#include <string_view>

namespace feedscope::view {

// `name` itself when it has at most `maxChars` characters (UTF-8 code points), else its first third
// and its end around "…", `maxChars` in all.
std::string elideMiddle(std::string_view name, std::size_t maxChars);

// How many characters of a run name fit where `runs` names share a chart's width: long names for two
// runs, shorter ones for six.
std::size_t runNameChars(std::size_t runs);

}  // namespace feedscope::view
