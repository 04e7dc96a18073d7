// The stylesheet of the HTML report, inlined into the page: system fonts only, colours that print.
#pragma once

#include <string_view>

namespace feedscope::io {

std::string_view htmlReportStyle();

}  // namespace feedscope::io
