// Strict JSON checks of the importers' pieces (see json_strict.h).
#include "read/json_strict.h"

#include "trace/utf8.h"

namespace feedscope::io {

namespace sj = simdjson::ondemand;
using simdjson::error_code;

error_code iterateValidUtf8(sj::parser& parser, JsonPiece piece, std::string& repaired, sj::document& doc) {
  error_code e = parser.iterate(piece.data, piece.size, piece.capacity).get(doc);
  if (e != simdjson::UTF8_ERROR) return e;
  repaired = trace::validUtf8(std::string_view(piece.data, piece.size));
  const std::size_t size = repaired.size();
  repaired.append(simdjson::SIMDJSON_PADDING, '\0');
  return parser.iterate(repaired.data(), size, repaired.size()).get(doc);
}

error_code validateJsonObjectDocument(sj::parser& parser, JsonPiece piece) {
  std::string repaired;
  sj::document doc;
  error_code e = iterateValidUtf8(parser, piece, repaired, doc);  // UTF-8 checked (and repaired) here
  if (e != simdjson::SUCCESS) return e;
  sj::json_type type;
  if ((e = doc.type().get(type)) != simdjson::SUCCESS) return e;
  if (type != sj::json_type::object) return simdjson::INCORRECT_TYPE;
  // The splitter cut the piece at the value's end: the text is the object, checked whole.
  return trace::validateJsonText(repaired.empty() ? std::string_view(piece.data, piece.size)
                                                  : std::string_view(repaired.data(), repaired.size() - simdjson::SIMDJSON_PADDING));
}

}  // namespace feedscope::io
