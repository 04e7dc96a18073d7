// JSON values checked whole and strings decoded by one lenient rule (see json_values.h).
#include "trace/json_values.h"

#include <cstdint>


namespace feedscope::trace {

namespace sj = simdjson::ondemand;
using simdjson::error_code;

namespace {

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The four hex digits of a \u escape at `p` (after the 'u'), or -1.
int hex4(const char* p) {
  int v = 0;
  for (int i = 0; i < 4; ++i) {
    int d = hexDigit(p[i]);
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

void appendUtf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

constexpr std::uint32_t kReplacement = 0xFFFD;

}  // namespace

// Stage 1 has checked that every string is closed and the input is valid UTF-8, and the input is
// padded, so the scan stops at the closing quote without a bound.
error_code decodeJsonString(const char* afterQuote, std::string_view* out, std::deque<std::string>* storage) {
  const char* p = afterQuote;
  while (*p != '"' && *p != '\\') {
    if (static_cast<unsigned char>(*p) < 0x20) return simdjson::STRING_ERROR;  // raw control character
    ++p;
  }
  if (*p == '"') {
    if (out) *out = std::string_view(afterQuote, static_cast<std::size_t>(p - afterQuote));
    return simdjson::SUCCESS;
  }
  std::string decoded(afterQuote, static_cast<std::size_t>(p - afterQuote));
  while (*p != '"') {
    const char c = *p;
    if (static_cast<unsigned char>(c) < 0x20) return simdjson::STRING_ERROR;
    if (c != '\\') {
      decoded += c;
      ++p;
      continue;
    }
    const char e = p[1];
    p += 2;
    switch (e) {
      case '"': decoded += '"'; break;
      case '\\': decoded += '\\'; break;
      case '/': decoded += '/'; break;
      case 'b': decoded += '\b'; break;
      case 'f': decoded += '\f'; break;
      case 'n': decoded += '\n'; break;
      case 'r': decoded += '\r'; break;
      case 't': decoded += '\t'; break;
      case 'u': {
        int unit = hex4(p);
        if (unit < 0) return simdjson::STRING_ERROR;
        p += 4;
        std::uint32_t cp = static_cast<std::uint32_t>(unit);
        if (unit >= 0xD800 && unit <= 0xDBFF) {
          int low = p[0] == '\\' && p[1] == 'u' ? hex4(p + 2) : -1;
          if (low >= 0xDC00 && low <= 0xDFFF) {
            cp = 0x10000 + ((static_cast<std::uint32_t>(unit) - 0xD800) << 10) + (static_cast<std::uint32_t>(low) - 0xDC00);
            p += 6;
          } else {
            cp = kReplacement;  // a high surrogate alone
          }
        } else if (unit >= 0xDC00 && unit <= 0xDFFF) {
          cp = kReplacement;  // a low surrogate alone
        }
        appendUtf8(decoded, cp);
        break;
      }
      default:
        return simdjson::STRING_ERROR;  // \q and the like
    }
  }
  if (out) {
    storage->push_back(std::move(decoded));
    *out = storage->back();
  }
  return simdjson::SUCCESS;
}

error_code jsonStringOf(sj::value value, std::string_view& out, std::deque<std::string>& storage) {
  sj::raw_json_string raw;
  error_code e = value.get_raw_json_string().get(raw);
  if (e != simdjson::SUCCESS) return e;
  return decodeJsonString(raw.raw(), &out, &storage);
}

error_code validateJsonObject(sj::object object) {
  error_code e = simdjson::SUCCESS;
  for (auto fieldResult : object) {
    sj::field field;
    if ((e = std::move(fieldResult).get(field)) != simdjson::SUCCESS) return e;
    if ((e = decodeJsonString(field.key().raw(), nullptr, nullptr)) != simdjson::SUCCESS) return e;
    if ((e = validateJsonValue(field.value())) != simdjson::SUCCESS) return e;
  }
  return simdjson::SUCCESS;
}

error_code validateJsonValue(sj::value value) {
  sj::json_type type;
  error_code e = value.type().get(type);
  if (e != simdjson::SUCCESS) return e;
  switch (type) {
    case sj::json_type::array: {
      sj::array array;
      if ((e = value.get_array().get(array)) != simdjson::SUCCESS) return e;
      for (auto element : array) {
        sj::value v;
        if ((e = element.get(v)) != simdjson::SUCCESS) return e;
        if ((e = validateJsonValue(v)) != simdjson::SUCCESS) return e;
      }
      return simdjson::SUCCESS;
    }
    case sj::json_type::object: {
      sj::object object;
      if ((e = value.get_object().get(object)) != simdjson::SUCCESS) return e;
      return validateJsonObject(object);
    }
    case sj::json_type::number: {
      sj::number number;
      e = value.get_number().get(number);
      if (e != simdjson::NUMBER_ERROR) return e;
      // An integer past 64 bits is valid JSON that get_number refuses: read as a double, it passes.
      double asDouble;
      return value.get_double().get(asDouble);
    }
    case sj::json_type::string: {
      sj::raw_json_string raw;
      if ((e = value.get_raw_json_string().get(raw)) != simdjson::SUCCESS) return e;
      return decodeJsonString(raw.raw(), nullptr, nullptr);
    }
    case sj::json_type::boolean: {
      bool b;
      return value.get_bool().get(b);
    }
    case sj::json_type::null: {
      bool isNull = false;
      if ((e = value.is_null().get(isNull)) != simdjson::SUCCESS) return e;
      return isNull ? simdjson::SUCCESS : simdjson::N_ATOM_ERROR;
    }
  }
  return simdjson::TAPE_ERROR;
}

}  // namespace feedscope::trace
