// Argument texts kept small (trace/arguments.h): a JSON object's text is split into its skeleton (the
// keys, brackets, commas and whitespace, with a mark where each value was) and its values. Traces
// repeat a few skeletons ({"device": _, "stream": _, "correlation": _, ...}) hundreds of thousands
// of times, so a run keeps each skeleton once and per text only its id and values: about a sixth of
// the text (docs/performance.md, "Arguments"). Joining them back gives the text byte for byte.
#pragma once

#include <string>
#include <string_view>

namespace feedscope::trace {

// The byte that marks a value in a skeleton. It cannot occur in a JSON text outside a string (and
// inside one only escaped), so a text that has it is kept whole instead.
inline constexpr char kValueMark = '\x01';

// Splits `json` into `skeleton` (cleared first) and, appended to `values`, each value's bytes after
// its length (appendLength). False, with `values` as it was, for a text that cannot be split so (an
// unterminated string, a value mark in it): the caller keeps it whole.
bool splitArguments(std::string_view json, std::string& skeleton, std::string& values);

// Appends the text of `skeleton` with its values read from `values` (from its start; on return it
// begins after the last one read) to `out`. False when `values` runs short (a corrupt store).
bool joinArguments(std::string_view skeleton, std::string_view& values, std::string& out);

// A length as a base-128 varint (7 bits a byte, low first), and back (false when `in` runs short).
void appendLength(std::string& out, std::size_t length);
bool readLength(std::string_view& in, std::size_t& length);

}  // namespace feedscope::trace
