// Run names in narrow places (chart legends, bar labels, table headers, lane titles, the findings and
// the summary): one rule for all of them, docs/gui.md "Names that do not fit". The words every name
// shares are what gets cut; the words that tell the runs apart are kept ("kineto…workers_0…" and
// "kineto…workers_4…", not "kineto…1623143089861" twice).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace feedscope::view {

// `name` itself when it has at most `maxChars` characters (UTF-8 code points), else its first third
// and its end around "…", `maxChars` in all.
std::string elideMiddle(std::string_view name, std::size_t maxChars);

// Each of `names` in at most `maxChars` characters, keeping what differs between them. A name that
// fits stays whole. A longer one keeps, in this order while they fit: the words (runs of characters
// between `._-/ ` and the like) that one of its peers lacks (its peers: the names sharing a word with
// it, else all others), the word before each of them, its first and
// its last word; each stretch left out becomes one "…". Long numbers (timestamps, process ids) come
// after the other distinguishing words, so "num_workers_4" wins over "1623212756351". Names that
// would still read the same are cut in the middle with more room until they differ (whole names are
// distinct, so this ends). A lone name has nothing to differ from: it is cut in the middle.
std::vector<std::string> distinctNames(const std::vector<std::string>& names, std::size_t maxChars);

// How many characters of a run name fit where `runs` names share a chart's width: long names for two
// runs, shorter ones for six.
std::size_t runNameChars(std::size_t runs);

// Characters of a UTF-8 string (code points).
std::size_t codePointCount(std::string_view s);

}  // namespace feedscope::view
