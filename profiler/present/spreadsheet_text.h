// A text cell for a spreadsheet (the CSV exports, the Tables tab's rows copied as TSV): names come
// from traces, and a cell that starts with = + - @, a tab or a carriage return is a formula to Excel,
// LibreOffice and Google Sheets (`=HYPERLINK(...)`, `@SUM(...)`, DDE). Such a cell gets a leading '
// so the spreadsheet shows it as the text it is (OWASP, "CSV Injection"); docs/file-formats.md "CSV".
#pragma once

#include <string>
#include <string_view>

namespace feedscope::present {

// Whether a spreadsheet would read `cell` as a formula.
bool startsLikeAFormula(std::string_view cell);

// `cell`, with a leading ' when it startsLikeAFormula.
std::string spreadsheetText(std::string_view cell);

}  // namespace feedscope::present
