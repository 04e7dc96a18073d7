// JSON values checked whole and strings decoded by one lenient rule, for every reader of JSON text:
// the importers (io/json_strict.h) and the readers of stored argument texts (trace/argument_fields.h).
// simdjson's on-demand parser checks only what it is asked to read and skips the rest by counting
// brackets, so what must be valid throughout is walked here. Strings: a lone UTF-16 surrogate escape
// (\ud800) becomes U+FFFD (docs/file-formats.md).
#pragma once

#include <simdjson.h>

#include <deque>
#include <string>
#include <string_view>

namespace feedscope::trace {

// Checks the whole of a value the caller does not read, consuming it: arrays and objects element by
// element (commas, colons, brackets), every key and string (escapes, no raw control characters),
// numbers (the JSON grammar: no 0x10, no leading zeros), true, false, null.
simdjson::error_code validateJsonValue(simdjson::ondemand::value value);
// The same for an object already opened: every key and every value.
simdjson::error_code validateJsonObject(simdjson::ondemand::object object);

// Decodes the JSON string whose opening quote precedes `afterQuote` into `out` (or only checks it,
// with `out` null). Strings without escapes are returned as views into the input, decoded ones are
// kept in `storage`, so the view lives as long as both.
simdjson::error_code decodeJsonString(const char* afterQuote, std::string_view* out, std::deque<std::string>* storage);

// The string value `value` (consumed), decoded as above; INCORRECT_TYPE when it is not a string.
simdjson::error_code jsonStringOf(simdjson::ondemand::value value, std::string_view& out,
                                  std::deque<std::string>& storage);

}  // namespace feedscope::trace
