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

namespace {

bool isJsonSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

// A walk over JSON text that holds its open arrays and objects in a string, not on the call stack.
class TextChecker {
 public:
  explicit TextChecker(std::string_view text) : text_(text) {}

  error_code run() {
    skipSpace();
    error_code e = value();
    while (e == simdjson::SUCCESS && !open_.empty()) e = afterMember();
    if (e != simdjson::SUCCESS) return e;
    skipSpace();
    return at_ == text_.size() ? simdjson::SUCCESS : simdjson::TAPE_ERROR;  // one value, nothing after it
  }

 private:
  bool done() const { return at_ >= text_.size(); }
  char peek() const { return done() ? '\0' : text_[at_]; }
  void skipSpace() {
    while (!done() && isJsonSpace(text_[at_])) ++at_;
  }

  // One value; an array or object is opened and its first member started (the loop in run() goes on).
  error_code value() {
    switch (peek()) {
      case '[':
      case '{': {
        if (open_.size() >= kMaxJsonDepth) return simdjson::DEPTH_ERROR;
        const char close = peek() == '[' ? ']' : '}';
        ++at_;
        skipSpace();
        if (peek() == close) {
          ++at_;
          return simdjson::SUCCESS;
        }
        open_.push_back(close);
        return close == ']' ? value() : member();
      }
      case '"':
        return string();
      case 't':
        return literal("true", simdjson::T_ATOM_ERROR);
      case 'f':
        return literal("false", simdjson::F_ATOM_ERROR);
      case 'n':
        return literal("null", simdjson::N_ATOM_ERROR);
      default:
        return number();
    }
  }

  // `"key": value` in an object.
  error_code member() {
    if (peek() != '"') return simdjson::TAPE_ERROR;
    error_code e = string();
    if (e != simdjson::SUCCESS) return e;
    skipSpace();
    if (peek() != ':') return simdjson::TAPE_ERROR;
    ++at_;
    skipSpace();
    return value();
  }

  // After a value inside the innermost open array or object: a comma and the next member, or its end.
  error_code afterMember() {
    skipSpace();
    const char close = open_.back();
    if (peek() == close) {
      ++at_;
      open_.pop_back();
      return simdjson::SUCCESS;
    }
    if (peek() != ',') return simdjson::TAPE_ERROR;
    ++at_;
    skipSpace();
    return close == ']' ? value() : member();
  }

  error_code string() {
    ++at_;  // the opening quote
    while (!done()) {
      const char c = text_[at_];
      if (c == '"') {
        ++at_;
        return simdjson::SUCCESS;
      }
      if (static_cast<unsigned char>(c) < 0x20) return simdjson::STRING_ERROR;  // raw control character
      if (c != '\\') {
        ++at_;
        continue;
      }
      if (at_ + 1 >= text_.size()) return simdjson::STRING_ERROR;
      const char e = text_[at_ + 1];
      if (e == 'u') {
        if (at_ + 6 > text_.size() || hex4(text_.data() + at_ + 2) < 0) return simdjson::STRING_ERROR;
        at_ += 6;
      } else if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't') {
        at_ += 2;
      } else {
        return simdjson::STRING_ERROR;  // \q and the like
      }
    }
    return simdjson::UNCLOSED_STRING;
  }

  error_code literal(std::string_view word, error_code wrong) {
    if (text_.substr(at_, word.size()) != word) return wrong;
    at_ += word.size();
    return simdjson::SUCCESS;
  }

  // -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, of any length.
  error_code number() {
    const bool minus = peek() == '-';
    if (minus) ++at_;
    if (peek() == '0') {
      ++at_;
    } else if (isDigit(peek())) {
      while (isDigit(peek())) ++at_;
    } else {
      return minus ? simdjson::NUMBER_ERROR : simdjson::TAPE_ERROR;  // no value starts with this
    }
    if (peek() == '.') {
      ++at_;
      if (!isDigit(peek())) return simdjson::NUMBER_ERROR;
      while (isDigit(peek())) ++at_;
    }
    if (peek() == 'e' || peek() == 'E') {
      ++at_;
      if (peek() == '+' || peek() == '-') ++at_;
      if (!isDigit(peek())) return simdjson::NUMBER_ERROR;
      while (isDigit(peek())) ++at_;
    }
    // What follows a number is a separator: `01` and `0x10` are not numbers.
    if (!done() && !isJsonSpace(peek()) && peek() != ',' && peek() != ']' && peek() != '}') {
      return simdjson::NUMBER_ERROR;
    }
    return simdjson::SUCCESS;
  }

  std::string_view text_;
  std::size_t at_ = 0;
  std::string open_;  // the closing bracket of each array or object open around the current point
};

}  // namespace

error_code validateJsonText(std::string_view text) { return TextChecker(text).run(); }

// A scalar is its token; an array or object is skipped by simdjson (which counts brackets, without
// recursion) and its text checked here.
error_code validateJsonValue(sj::value value) {
  sj::json_type type;
  error_code e = value.type().get(type);
  if (e != simdjson::SUCCESS) return e;
  std::string_view text;
  if (type == sj::json_type::array) {
    sj::array array;
    if ((e = value.get_array().get(array)) != simdjson::SUCCESS || (e = array.raw_json().get(text)) != simdjson::SUCCESS) {
      return e;
    }
  } else if (type == sj::json_type::object) {
    sj::object object;
    if ((e = value.get_object().get(object)) != simdjson::SUCCESS ||
        (e = object.raw_json().get(text)) != simdjson::SUCCESS) {
      return e;
    }
  } else {
    text = value.raw_json_token();
  }
  return validateJsonText(text);
}

}  // namespace feedscope::trace
