// Making outside text valid UTF-8 where it enters Feedscope (argv, environment, hostnames, file names,
// kernel and range names, SQLite text), so that every writer downstream (JSON, SQLite, HTML) can rely
// on it: a JSON writer throws on an invalid byte, and a recording must never be lost to one.
#pragma once

#include <string>
#include <string_view>

namespace feedscope::trace {

bool isValidUtf8(std::string_view text);
// `text` with every byte that is not part of a well-formed UTF-8 sequence (overlong forms, surrogates
// and code points past U+10FFFF included) replaced by U+FFFD.
std::string validUtf8(std::string_view text);

}  // namespace feedscope::trace
