// Strict JSON on top of simdjson's on-demand parser, which checks only what it is asked to read and
// skips the rest by counting brackets: a corrupt trace must be refused wherever the damage is (in an
// event's args, an unknown top-level key, deviceProperties), so every value the importer does not
// read is walked and checked here. Strings are decoded by one lenient rule (docs/file-formats.md):
// a lone UTF-16 surrogate escape (\ud800) becomes U+FFFD, and invalid UTF-8 bytes become U+FFFD
// before parsing, instead of refusing the whole trace over one name.
#pragma once

#include <simdjson.h>

#include <deque>
#include <string>
#include <string_view>

#include "io/trace_json_splitter.h"

namespace feedscope::io {

// Checks the whole of a value the caller does not read, consuming it: arrays and objects element by
// element (commas, colons, brackets), every key and string (escapes, no raw control characters),
// numbers (the JSON grammar: no 0x10, no leading zeros), true, false, null.
simdjson::error_code validateJsonValue(simdjson::ondemand::value value);

// Decodes the JSON string whose opening quote precedes `afterQuote` into `out` (or only checks it,
// with `out` null). Strings without escapes are returned as views into the input, decoded ones are
// kept in `storage`, so the view lives as long as both.
simdjson::error_code decodeJsonString(const char* afterQuote, std::string_view* out, std::deque<std::string>* storage);

// The string value `value` (consumed), decoded as above; INCORRECT_TYPE when it is not a string.
simdjson::error_code jsonStringOf(simdjson::ondemand::value value, std::string_view& out,
                                  std::deque<std::string>& storage);

// parser.iterate() over `piece`; when the piece is not valid UTF-8, over a copy with every invalid
// sequence replaced by U+FFFD (kept in `repaired`, which must outlive the document).
simdjson::error_code iterateValidUtf8(simdjson::ondemand::parser& parser, JsonPiece piece, std::string& repaired,
                                      simdjson::ondemand::document& doc);

// Checks every byte of a `{"key": value, ...}` document (a top-level key's piece).
simdjson::error_code validateJsonObjectDocument(simdjson::ondemand::parser& parser, JsonPiece piece);

}  // namespace feedscope::io
