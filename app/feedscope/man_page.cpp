// roff for man(7): each command a subsection, each option a tagged paragraph; exit codes as in
// exit_codes.h. No date, so the page is the same on every build (reproducible packages).
#include "man_page.h"

#include <fmt/format.h>

#include "build_info.h"

namespace feedscope::cli {

namespace {

// Backslashes and hyphens escaped; a line never starts with a control character.
std::string roff(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else {
      out += c;
    }
  }
  if (!out.empty() && (out.front() == '.' || out.front() == '\'')) out.insert(0, "\\&");
  return out;
}

std::string optionTag(const OptionEntry& o) {
  if (o.names.empty()) return fmt::format("\\fI{}\\fR", roff(o.positional));
  std::string tag;
  for (const auto& n : o.names) tag += (tag.empty() ? "" : ", ") + fmt::format("\\fB{}\\fR", roff(n));
  if (!o.choices.empty()) {
    std::string values;
    for (const auto& v : o.choices) values += (values.empty() ? "" : "|") + roff(v);
    tag += " " + values;
  } else if (o.takesValue) {
    tag += " \\fIVALUE\\fR";
  }
  return tag;
}

}  // namespace

std::string manPage(const std::string& summary, const std::vector<CommandEntry>& commands) {
  std::string page = fmt::format(".TH FEEDSCOPE 1 \"\" \"feedscope {}\" \"User Commands\"\n", kVersion);
  page += ".SH NAME\nfeedscope \\- is your GPU starving for input, why, and how much does prefetching help\n";
  page += ".SH SYNOPSIS\n\\fBfeedscope\\fR \\fICOMMAND\\fR [\\fIOPTIONS\\fR] [\\fIFILES\\fR]\n.br\n"
          "\\fBfeedscope help\\fR [\\fICOMMAND\\fR]\n.br\n\\fBfeedscope \\-\\-version\\fR\n";
  page += ".SH DESCRIPTION\n" + roff(summary) + "\n.PP\n" +
          roff("Every file argument may be a .feedscope session, a Kineto / PyTorch-profiler trace (.json, .json.gz) "
               "or an Nsight Systems SQLite export; the format is recognised by content.") +
          "\n";
  page += ".SH COMMANDS\n";
  for (const auto& c : commands) {
    page += fmt::format(".SS {}\n{}\n", roff(c.name), roff(c.description));
    for (const auto& o : c.options) page += fmt::format(".TP\n{}\n{}\n", optionTag(o), roff(o.description));
  }
  page += ".SH EXIT STATUS\n";
  for (const auto& [code, meaning] : std::initializer_list<std::pair<const char*, const char*>>{
           {"0", "success"},
           {"1", "internal error (a bug: please report it)"},
           {"2", "bad input file or usage"},
           {"3", "no GPU or no driver, or a build without CUDA (devices, demo, calibrate, record); record: nothing recorded with --require-trace"},
           {"4", "report: a --fail-if threshold was crossed"},
           {"126", "record: the program exists but cannot be executed"},
           {"127", "record: the program does not exist"}}) {
    page += fmt::format(".TP\n\\fB{}\\fR\n{}\n", code, roff(meaning));
  }
  page += ".SH SEE ALSO\n\\fBfeedscope\\-gui\\fR \\-\\-help, /usr/share/doc/feedscope/README.md\n";
  return page;
}

}  // namespace feedscope::cli
