// Argument texts read with simdjson's on-demand parser (one per thread: Details, exports and the
// job analysis may read at once).
#include "trace/argument_fields.h"

#include <simdjson.h>

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <type_traits>

namespace feedscope::trace {

namespace sj = simdjson::ondemand;

namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\n' || s.back() == '\r' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// Calls `visit(key, value)` for each field of the object `json`; false when it is not one (or is
// not valid JSON as far as it was read).
template <typename Visit>
bool forEachField(std::string_view json, Visit&& visit) {
  thread_local sj::parser parser;
  const simdjson::padded_string padded(json);
  sj::document doc;
  if (parser.iterate(padded).get(doc) != simdjson::SUCCESS) return false;
  sj::object object;
  if (doc.get_object().get(object) != simdjson::SUCCESS) return false;
  for (auto result : object) {
    sj::field field;
    if (std::move(result).get(field) != simdjson::SUCCESS) return false;
    std::string_view key;
    if (field.unescaped_key().get(key) != simdjson::SUCCESS) return false;
    if (!visit(std::string(key), field.value())) return false;
  }
  return true;
}

bool isValid(sj::value v, int depth);

// Each element (or member) of an array or object read and checked: an export writes these texts
// back as they are, so a session's damaged text must not pass as JSON.
template <typename Container>
bool allValid(Container& c, int depth) {
  for (auto item : c) {
    if constexpr (std::is_same_v<Container, sj::object>) {
      sj::field field;
      if (std::move(item).get(field) != simdjson::SUCCESS || field.unescaped_key().error() != simdjson::SUCCESS ||
          !isValid(field.value(), depth + 1)) {
        return false;
      }
    } else {
      sj::value element;
      if (std::move(item).get(element) != simdjson::SUCCESS || !isValid(element, depth + 1)) return false;
    }
  }
  return true;
}

bool isValid(sj::value v, int depth) {
  if (depth > 64) return false;  // deeper than any trace writes: refused rather than recursed into
  sj::json_type type;
  if (v.type().get(type) != simdjson::SUCCESS) return false;
  bool b = false;
  std::string_view s;
  switch (type) {
    case sj::json_type::array: {
      sj::array a;
      return v.get_array().get(a) == simdjson::SUCCESS && allValid(a, depth);
    }
    case sj::json_type::object: {
      sj::object o;
      return v.get_object().get(o) == simdjson::SUCCESS && allValid(o, depth);
    }
    case sj::json_type::number: return v.get_number().error() == simdjson::SUCCESS;
    case sj::json_type::string: return v.get_raw_json_string().error() == simdjson::SUCCESS;
    case sj::json_type::boolean: return v.get_bool().get(b) == simdjson::SUCCESS;
    case sj::json_type::null: return v.is_null().get(b) == simdjson::SUCCESS && b;
  }
  return false;
}

// The value's text as written (a scalar's token, an array's or object's whole text), once every
// part of it reads as JSON.
std::optional<std::string> writtenValue(sj::value v) {
  sj::json_type type;
  if (v.type().get(type) != simdjson::SUCCESS) return std::nullopt;
  std::string_view text;
  bool rewound = false;
  if (type == sj::json_type::array) {
    sj::array a;
    if (v.get_array().get(a) != simdjson::SUCCESS || a.raw_json().get(text) != simdjson::SUCCESS ||
        a.reset().get(rewound) != simdjson::SUCCESS || !allValid(a, 1)) {
      return std::nullopt;
    }
  } else if (type == sj::json_type::object) {
    sj::object o;
    if (v.get_object().get(o) != simdjson::SUCCESS || o.raw_json().get(text) != simdjson::SUCCESS ||
        o.reset().get(rewound) != simdjson::SUCCESS || !allValid(o, 1)) {
      return std::nullopt;
    }
  } else {
    text = v.raw_json_token();
    if (!isValid(v, 0)) return std::nullopt;
  }
  return std::string(trimmed(text));
}

}  // namespace

std::vector<ArgumentField> argumentFields(std::string_view json) {
  std::vector<ArgumentField> fields;
  const bool whole = forEachField(json, [&](std::string key, sj::value v) {
    ArgumentField f{std::move(key), {}, {}};
    sj::json_type type;
    if (v.type().get(type) != simdjson::SUCCESS) return false;
    if (type == sj::json_type::string) {
      f.json = std::string(trimmed(v.raw_json_token()));
      std::string_view s;
      // A string simdjson cannot decode (a lone surrogate) is shown as written.
      f.value = v.get_string().get(s) == simdjson::SUCCESS ? std::string(s) : f.json;
    } else {
      auto written = writtenValue(v);
      if (!written) return false;
      f.json = f.value = *written;
    }
    fields.push_back(std::move(f));
    return true;
  });
  if (!whole) fields.clear();
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
