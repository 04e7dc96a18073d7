// The stylesheet of the HTML report, inlined into the page: system fonts only, colours that print.
#pragma once

#include <string_view>

namespace feedscope::report {

std::string_view htmlReportStyle();

}  // namespace feedscope::report
