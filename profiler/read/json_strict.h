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

#include "read/trace_json_splitter.h"
#include "trace/json_values.h"

namespace feedscope::io {

// Values and strings, checked and decoded as everywhere else a JSON text is read (trace/json_values.h).
using trace::decodeJsonString;
using trace::jsonStringOf;
using trace::validateJsonText;
using trace::validateJsonValue;

// parser.iterate() over `piece`; when the piece is not valid UTF-8, over a copy with every invalid
// sequence replaced by U+FFFD (kept in `repaired`, which must outlive the document).
simdjson::error_code iterateValidUtf8(simdjson::ondemand::parser& parser, JsonPiece piece, std::string& repaired,
                                      simdjson::ondemand::document& doc);

// Checks every byte of a `{"key": value, ...}` document (a top-level key's piece).
simdjson::error_code validateJsonObjectDocument(simdjson::ondemand::parser& parser, JsonPiece piece);

}  // namespace feedscope::io
