// Escaping text for HTML and SVG: every string that comes from a trace goes through here, so a
// kernel named "<script>" is shown as text, never run.
#pragma once

#include <string>
#include <string_view>

namespace feedscope::report {

// `text` with & < > " ' replaced by character references; safe in element content and in quoted
// attribute values. Bytes that are not valid UTF-8 become U+FFFD so the page stays well-formed.
std::string htmlEscaped(std::string_view text);

}  // namespace feedscope::report
