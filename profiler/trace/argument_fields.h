// An interval's argument text (trace/arguments.h) read into fields, when it is shown (Details),
// exported (the Chrome trace writes each value as the trace wrote it) or matched (a collective's
// process group and sequence number, docs/metrics.md "Collectives").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace feedscope::trace {

struct ArgumentField {
  std::string key;
  std::string value;  // as a person reads it: a string without its quotes, anything else as written
  std::string json;   // the value as the trace wrote it (valid JSON)
  bool isString() const { return !json.empty() && json.front() == '"'; }
  friend bool operator==(const ArgumentField&, const ArgumentField&) = default;
};

// The fields of a JSON object's text, in the order written, each key once (a repeated key holds its
// last value, in its first place); empty for a text that is not an object.
std::vector<ArgumentField> argumentFields(std::string_view json);

// A number written as an integer ("7", "7.0", "6.6e6"), exactly; nullopt for anything else.
std::optional<std::int64_t> integerValue(const ArgumentField& field);

// One field's value: a string's text, or a number written as an integer ("7", "7.0"), else nullopt.
std::optional<std::string> argumentString(std::string_view json, std::string_view key);
std::optional<std::int64_t> argumentInteger(std::string_view json, std::string_view key);

}  // namespace feedscope::trace
