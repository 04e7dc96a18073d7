// Spreadsheet text cells (see spreadsheet_text.h).
#include "present/spreadsheet_text.h"

namespace feedscope::present {

bool startsLikeAFormula(std::string_view cell) {
  return !cell.empty() && std::string_view("=+-@\t\r").find(cell.front()) != std::string_view::npos;
}

std::string spreadsheetText(std::string_view cell) {
  return startsLikeAFormula(cell) ? "'" + std::string(cell) : std::string(cell);
}

}  // namespace feedscope::present
