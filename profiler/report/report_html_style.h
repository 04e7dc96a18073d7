// The stylesheet of the HTML report, inlined into the page: system fonts only, colours that print.
#pragma once

#include <string>

namespace feedscope::report {

const std::string& htmlReportStyle();

}  // namespace feedscope::report
