// feedscope report FILE: the starvation report of a session or trace, as text, JSON, Markdown or
// HTML, with comparisons between runs or against a second file, and --fail-if thresholds for CI.
#include <fmt/format.h>

#include <cstdio>

#include "commands.h"
#include "exit_codes.h"
#include "io/atomic_file.h"
#include "io/input_error.h"
#include "io/open_input.h"
#include "io/report.h"
#include "io/report_gate.h"
#include "output_check.h"
#include "progress.h"
#include "standard_output.h"

namespace feedscope::cli {

namespace {

struct ReportOptions {
  std::string input;
  std::vector<std::string> runs;
  std::string compareFile;
  std::string compareRun;
  std::string format = "text";
  std::string output;
  double pinnedGbps = 0;
  std::vector<std::string> failIf;
};

trace::Session open(const std::string& path) {
  StderrProgress progress("reading " + path);
  return io::openInput(path, progress.callback());
}

int runReport(const ReportOptions& o) {
  // Thresholds first: a typo in CI fails at once, before a large trace is read.
  std::vector<io::Threshold> thresholds;
  for (const auto& expression : o.failIf) thresholds.push_back(io::parseThreshold(expression));
  if (!o.output.empty()) requireDistinctFiles(o.output, {o.input, o.compareFile});
  analysis::AnalysisOptions options;
  if (o.pinnedGbps > 0) options.assumed_pinned_gbps = o.pinnedGbps;
  trace::Session session = open(o.input);
  std::vector<std::string> names = o.runs;
  if (!o.compareRun.empty() && !names.empty() &&
      std::find(names.begin(), names.end(), o.compareRun) == names.end()) {
    names.push_back(o.compareRun);
  }
  io::Report report = io::buildReport(session, o.input, options, names);

  trace::Session other;
  if (!o.compareFile.empty()) {
    other = open(o.compareFile);
    if (other.runs.empty()) throw io::InputError(o.compareFile + ": holds no runs to compare");
    io::Report second = io::buildReport(other, o.compareFile, options, {other.runs.front().name});
    if (report.analyses.empty()) throw io::InputError(o.input + ": holds no runs to compare");
    report.comparisons.push_back(analysis::compareRuns(report.analyses.front(), second.analyses.front()));
    report.runs.push_back(second.runs.front());
    report.analyses.push_back(std::move(second.analyses.front()));
    report.run_strings.push_back(&other.strings);
  } else if (!o.compareRun.empty()) {
    std::size_t b = 0;
    while (b < report.runs.size() && report.runs[b]->name != o.compareRun) ++b;
    if (b == report.runs.size()) {
      io::buildReport(session, o.input, options, {o.compareRun});  // throws the "no run named" error
    }
    std::size_t a = b == 0 ? 1 : 0;
    if (a >= report.runs.size()) throw io::InputError(o.input + ": --compare-run needs a second run to compare with");
    report.comparisons.push_back(analysis::compareRuns(report.analyses[a], report.analyses[b]));
  } else {
    for (std::size_t i = 1; i < report.analyses.size(); ++i) {
      report.comparisons.push_back(analysis::compareRuns(report.analyses.front(), report.analyses[i]));
    }
  }

  std::string text;
  if (o.format == "json") {
    text = io::renderJsonReport(report);
  } else if (o.format == "md" || o.format == "markdown") {
    text = io::renderMarkdownReport(report);
  } else if (o.format == "html") {
    text = io::renderHtmlReport(report);
  } else {
    text = io::renderTextReport(report);
  }
  if (o.output.empty() || o.output == "-") {
    writeStandardOutput(text);
    finishStandardOutput();  // a failed report is exit 5, whatever the thresholds say
  } else {
    io::writeFileAtomically(o.output, text);
    fmt::print(stderr, "wrote {}\n", o.output);
  }
  io::GateResult gate = io::evaluateThresholds(report, thresholds);
  for (const auto& line : gate.skipped) fmt::print(stderr, "feedscope: note: not checked: {}\n", line);
  for (const auto& line : gate.crossed) fmt::print(stderr, "feedscope: threshold crossed: {}\n", line);
  return gate.crossed.empty() ? kExitOk : kExitThresholdCrossed;
}

}  // namespace

void addReportCommand(CLI::App& app, CommandAction& action) {
  auto o = std::make_shared<ReportOptions>();
  CLI::App* cmd = app.add_subcommand("report", "Report how starved the GPU was, why, and what would help");
  cmd->add_option("FILE", o->input,
                  "a .feedscope session, a Kineto trace (.json, .json.gz) or an Nsight Systems SQLite export")
      ->required();
  cmd->add_option("--run", o->runs, "report only this run (repeat for several)");
  auto* compare =
      cmd->add_option("--compare", o->compareFile, "compare against the first run of this second file (B against A)");
  auto* compareRun =
      cmd->add_option("--compare-run", o->compareRun, "compare against this run of the same file (B against A)");
  compare->excludes(compareRun);
  cmd->add_option("--format", o->format, "text (default), json, md or html (one self-contained page)")
      ->check(CLI::IsMember({"text", "json", "md", "markdown", "html"}));
  cmd->add_option("-o,--output", o->output, "write the report to this file instead of stdout");
  cmd->add_option("--pinned-gbps", o->pinnedGbps,
                  "pinned H2D bandwidth for the what-if when the run has no calibration or pinned copies")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--fail-if", o->failIf,
                  "exit with code 4 when a figure crosses this threshold, e.g. 'starvation_pct>20' or "
                  "'h2d_overlap<80%' (any numeric key of a device in the JSON report; repeatable)");
  cmd->callback([o, &action] { action = [o] { return runReport(*o); }; });
}

}  // namespace feedscope::cli
