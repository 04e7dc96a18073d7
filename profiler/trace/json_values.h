// JSON values checked whole and strings decoded by one lenient rule, for every reader of JSON text:
// the importers (read/json_strict.h) and the readers of stored argument texts (trace/argument_fields.h).
// simdjson's on-demand parser checks only what it is asked to read and skips the rest by counting
// brackets, so what must be valid throughout is walked here. Strings: a lone UTF-16 surrogate escape
// (\ud800) becomes U+FFFD (docs/file-formats.md).
#pragma once

#include <simdjson.h>

#include <cstddef>
#include <deque>
#include <string>
#include <string_view>

namespace feedscope::trace {

// The deepest arrays and objects may nest in any JSON Feedscope reads (a trace, a stored argument
// text, a rank summary): deeper is refused with DEPTH_ERROR ("nested deeper than 10000 levels";
// docs/file-formats.md). Every walk over a value is iterative (validateJsonText; simdjson skips what
// it is not asked to read by counting brackets), so the bound is not the stack's, under ASan either:
// it keeps the walks' own stacks and simdjson's 32-bit depth small whatever the input.
inline constexpr std::size_t kMaxJsonDepth = 10000;

// Checks JSON text holding one value (whitespace around it allowed) by the grammar, without
// recursion: arrays and objects (commas, colons, brackets, at most kMaxJsonDepth deep), every key and
// string (escapes, no raw control characters; lone surrogates pass, decodeJsonString makes them
// U+FFFD), numbers by the JSON grammar whatever their size (no 0x10, no leading zeros, a 400-digit
// integer is valid JSON), true, false, null. UTF-8 is the parser's first stage to check.
simdjson::error_code validateJsonText(std::string_view text);

// Checks the whole of a value the caller does not read, consuming it, as validateJsonText does.
simdjson::error_code validateJsonValue(simdjson::ondemand::value value);

// Decodes the JSON string whose opening quote precedes `afterQuote` into `out` (or only checks it,
// with `out` null). Strings without escapes are returned as views into the input, decoded ones are
// kept in `storage`, so the view lives as long as both.
simdjson::error_code decodeJsonString(const char* afterQuote, std::string_view* out, std::deque<std::string>* storage);

// The string value `value` (consumed), decoded as above; INCORRECT_TYPE when it is not a string.
simdjson::error_code jsonStringOf(simdjson::ondemand::value value, std::string_view& out,
                                  std::deque<std::string>& storage);

}  // namespace feedscope::trace
