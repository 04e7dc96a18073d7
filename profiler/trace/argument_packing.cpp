// Splitting argument texts into a skeleton and values, and joining them back (argument_packing.h).
#include "trace/argument_packing.h"

namespace feedscope::trace {
namespace {

bool isStructural(char c) {
  switch (c) {
    case '{':
    case '}':
    case '[':
    case ']':
    case ',':
    case ':':
    case ' ':
    case '\t':
    case '\n':
    case '\r':
      return true;
    default:
      return false;
  }
}

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The end (one past the closing quote) of the string starting at `at`, or npos when it is not closed.
std::size_t stringEnd(std::string_view s, std::size_t at) {
  for (std::size_t i = at + 1; i < s.size(); ++i) {
    if (s[i] == '\\') {
      ++i;  // the escaped byte, whatever it is
    } else if (s[i] == '"') {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

}  // namespace

void appendLength(std::string& out, std::size_t length) {
  while (length >= 0x80) {
    out.push_back(static_cast<char>((length & 0x7f) | 0x80));
    length >>= 7;
  }
  out.push_back(static_cast<char>(length));
}

bool readLength(std::string_view& in, std::size_t& length) {
  length = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (in.empty()) return false;
    const auto byte = static_cast<unsigned char>(in.front());
    in.remove_prefix(1);
    length |= static_cast<std::size_t>(byte & 0x7f) << shift;
    if ((byte & 0x80) == 0) return true;
  }
  return false;
}

bool splitArguments(std::string_view json, std::string& skeleton, std::string& values) {
  skeleton.clear();
  const std::size_t valuesBefore = values.size();
  auto fail = [&] {
    values.resize(valuesBefore);
    return false;
  };
  std::size_t i = 0;
  while (i < json.size()) {
    const char c = json[i];
    if (c == kValueMark) return fail();
    if (isStructural(c)) {
      skeleton.push_back(c);
      ++i;
      continue;
    }
    std::size_t end = i;
    if (c == '"') {
      end = stringEnd(json, i);
      if (end == std::string_view::npos) return fail();
      // A string followed by ':' is a key: part of the skeleton.
      std::size_t next = end;
      while (next < json.size() && isSpace(json[next])) ++next;
      if (next < json.size() && json[next] == ':') {
        const std::string_view key = json.substr(i, end - i);
        if (key.find(kValueMark) != std::string_view::npos) return fail();
        skeleton.append(key);
        i = end;
        continue;
      }
    } else {
      while (end < json.size() && !isStructural(json[end]) && json[end] != '"') ++end;
    }
    const std::string_view value = json.substr(i, end - i);
    if (value.find(kValueMark) != std::string_view::npos) return fail();
    skeleton.push_back(kValueMark);
    appendLength(values, value.size());
    values.append(value);
    i = end;
  }
  return true;
}

bool joinArguments(std::string_view skeleton, std::string_view& values, std::string& out) {
  std::size_t from = 0;
  while (from < skeleton.size()) {
    const std::size_t mark = skeleton.find(kValueMark, from);
    out.append(skeleton.substr(from, mark == std::string_view::npos ? std::string_view::npos : mark - from));
    if (mark == std::string_view::npos) break;
    std::size_t length = 0;
    if (!readLength(values, length) || length > values.size()) return false;
    out.append(values.substr(0, length));
    values.remove_prefix(length);
    from = mark + 1;
  }
  return true;
}

}  // namespace feedscope::trace
