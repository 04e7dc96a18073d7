// Argument texts read with simdjson's on-demand parser (one per thread: Details, exports and the
// job analysis may read at once), checked and decoded by the importers' rules (trace/json_values.h).
#include "trace/argument_fields.h"

#include <simdjson.h>

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <unordered_map>

#include "trace/json_values.h"

namespace feedscope::trace {

namespace sj = simdjson::ondemand;

namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\n' || s.back() == '\r' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// The value's text as written: a scalar's token, an array's or object's whole text.
std::optional<std::string> writtenValue(sj::value v) {
  sj::json_type type;
  if (v.type().get(type) != simdjson::SUCCESS) return std::nullopt;
  std::string_view text = v.raw_json_token();
  if (type == sj::json_type::array) {
    sj::array a;
    if (v.get_array().get(a) != simdjson::SUCCESS || a.raw_json().get(text) != simdjson::SUCCESS) return std::nullopt;
  } else if (type == sj::json_type::object) {
    sj::object o;
    if (v.get_object().get(o) != simdjson::SUCCESS || o.raw_json().get(text) != simdjson::SUCCESS) return std::nullopt;
  }
  return std::string(trimmed(text));
}

}  // namespace

// The whole text is checked first (validateJsonValue): an export writes these values back as they are,
// so a session's damaged text must not pass. Then the fields are read again from the start.
std::vector<ArgumentField> argumentFields(std::string_view json) {
  thread_local sj::parser parser;
  const simdjson::padded_string padded(json);
  sj::document doc;
  sj::value whole;
  if (parser.iterate(padded).get(doc) != simdjson::SUCCESS || doc.get_value().get(whole) != simdjson::SUCCESS ||
      validateJsonValue(whole) != simdjson::SUCCESS) {
    return {};
  }
  doc.rewind();
  sj::object object;
  if (doc.get_object().get(object) != simdjson::SUCCESS) return {};
  std::vector<ArgumentField> fields;
  std::unordered_map<std::string, std::size_t> positions;  // a key's index in `fields`
  std::deque<std::string> decoded;
  for (auto result : object) {
    sj::field field;
    std::string_view key;
    if (std::move(result).get(field) != simdjson::SUCCESS ||
        decodeJsonString(field.key().raw(), &key, &decoded) != simdjson::SUCCESS) {
      return {};
    }
    sj::value v = field.value();
    ArgumentField f{std::string(key), {}, {}};
    const std::string_view token = v.raw_json_token();
    std::string_view text;
    if (jsonStringOf(v, text, decoded) == simdjson::SUCCESS) {
      f.value = std::string(text);
      f.json = std::string(trimmed(token));
    } else if (auto written = writtenValue(v)) {
      f.json = f.value = *written;
    } else {
      return {};
    }
    // A key given twice is one field with its last value, where it first stood, as JSON readers read
    // it (Python's json, nlohmann): an export writes it once.
    auto [at, added] = positions.try_emplace(f.key, fields.size());
    if (added) {
      fields.push_back(std::move(f));
    } else {
      fields[at->second] = std::move(f);
    }
  }
  return fields;
}

std::optional<std::string> argumentString(std::string_view json, std::string_view key) {
  for (const ArgumentField& f : argumentFields(json)) {
    if (f.key == key && f.isString()) return f.value;
  }
  return std::nullopt;
}

std::optional<std::int64_t> argumentInteger(std::string_view json, std::string_view key) {
  for (const ArgumentField& f : argumentFields(json)) {
    if (f.key == key && !f.isString()) return integerValue(f);
  }
  return std::nullopt;
}

std::optional<std::int64_t> integerValue(const ArgumentField& f) {
  if (f.isString() || f.json.empty()) return std::nullopt;
  std::int64_t n = 0;
  const char* last = f.json.data() + f.json.size();
  if (auto [at, error] = std::from_chars(f.json.data(), last, n); error == std::errc() && at == last) return n;
  // Written as a decimal or with an exponent (6.637568e6): an integer when the double is one.
  char* end = nullptr;
  const double d = std::strtod(f.json.c_str(), &end);
  if (end == f.json.c_str() + f.json.size() && std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e18) {
    return static_cast<std::int64_t>(d);
  }
  return std::nullopt;
}

}  // namespace feedscope::trace
