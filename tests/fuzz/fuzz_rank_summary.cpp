// libFuzzer target: arbitrary bytes as rank summaries (.fssum), as `feedscope report *.fssum` reads
// them. The input holds up to eight summaries separated by a form feed line ("\f\n"), so that jobs of
// several ranks are joined. Whatever the reader accepts must be a summary the format defines: written
// again it reads back the same (writer and reader agree), and the job analysis and every report of
// the summaries run without a crash, UB (a range the reader let through that overflows) or a hang.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "io/input_error.h"
#include "report/rank_summary_file.h"
#include "report/report.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace feedscope;
  std::string_view input(reinterpret_cast<const char*>(data), size);
  std::vector<job::RankSummary> summaries;
  while (summaries.size() < 8) {
    const std::size_t cut = input.find("\f\n");
    const std::string_view part = input.substr(0, cut);
    try {
      job::RankSummary s = report::parseRankSummary(part, "fuzz.fssum");
      const std::string again = report::rankSummaryText(s);
      const job::RankSummary back = report::parseRankSummary(again, "again.fssum");  // throws if they disagree
      if (report::rankSummaryText(back) != again) std::abort();
      summaries.push_back(std::move(s));
    } catch (const io::InputError&) {
      // Expected for malformed input.
    }
    if (cut == std::string_view::npos) break;
    input.remove_prefix(cut + 2);
  }
  if (summaries.empty()) return 0;
  try {
    report::Report report = report::buildSummaryReport(summaries, "fuzz");
    (void)report::renderJsonReport(report);
    (void)report::renderTextReport(report);
    (void)report::renderMarkdownReport(report);
    (void)report::renderHtmlReport(report);
  } catch (const io::InputError&) {
    // Summaries that make no job (none left) are refused with one line.
  }
  return 0;
}
