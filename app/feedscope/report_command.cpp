// feedscope report FILE: the starvation report of a session or trace, as text, JSON, Markdown or
// HTML, with comparisons between runs or against a second file, and --fail-if thresholds for CI.
#include <fmt/format.h>

#include <cstdio>
#include <deque>
#include <filesystem>

#include "commands.h"
#include "numeric_options.h"
#include "cli_contract/exit_codes.h"
#include "store/atomic_file.h"
#include "io/input_error.h"
#include "importers/open_input.h"
#include "read/read_threads.h"
#include "report/report.h"
#include "report/rank_summary_file.h"
#include "report/report_gate.h"
#include "importers/trace_folder.h"
#include "store/output_check.h"
#include "progress.h"
#include "standard_output.h"
#include "terminal_text.h"
#include "user_messages.h"

namespace feedscope::cli {

namespace {

// A report reads only the collectives' arguments (the job analysis matches by them): every
// argument would double its memory (importers/kept_arguments.h).
constexpr io::KeptArguments kReportArguments = io::KeptArguments::Collectives;

struct ReportOptions {
  std::vector<std::string> inputs;  // one FILE, or rank summaries (.fssum)
  std::string input;
  std::vector<std::string> runs;
  std::vector<std::string> compareFiles;
  std::string compareRun;
  std::string baseline;
  std::string format = "text";
  std::string output;
  double pinnedGbps = 0;
  std::vector<std::string> failIf;
};

// A folder is what torch.profiler.tensorboard_trace_handler writes: each trace file in it is a run.
trace::Session open(const std::string& path) {
  StderrProgress progress("reading " + path);
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return io::openTraceFolder(path, progress.callback(), kReportArguments);
  return io::openInput(path, progress.callback(), kReportArguments);
}

// A comparison threshold on a report that compares nothing would pass silently: a CI gate that
// checks nothing. Refused like a misspelt key.
void requireComparisonFor(const std::vector<report::Threshold>& thresholds, const report::Report& report) {
  if (!report.comparisons.empty()) return;
  for (const auto& t : thresholds) {
    if (t.on_comparison) {
      throw io::InputError("--fail-if '" + t.expression +
                           "' checks a comparison, but this report compares no runs (give --compare FILE2, "
                           "--compare-run NAME, or a session or folder with several runs)");
    }
  }
}

// A file of a folder or of the summaries given that could not be read: the report is of the others
// (exit code as for a whole input), the job reads its rank as missing.
void noteUnread(const std::vector<io::UnreadFile>& unread) {
  for (const io::UnreadFile& u : unread) {
    printMessage("feedscope: note: {} could not be read ({}); reporting without it\n", u.path, u.error);
  }
}

// Rank summaries: the files given, or the .fssum files of a folder given alone.
std::vector<std::string> summaryFilesOf(const std::vector<std::string>& inputs) {
  std::size_t summaries = 0;
  for (const auto& i : inputs) summaries += report::isRankSummaryPath(i);
  if (summaries > 0 && summaries < inputs.size()) {
    throw io::InputError("report: give rank summaries (.fssum) alone, or one trace, session or folder");
  }
  if (summaries > 0) return inputs;
  if (inputs.size() > 1) {
    throw io::InputError("report: several FILEs must be rank summaries (.fssum, from feedscope summarize); give a "
                         "folder for several traces");
  }
  std::error_code ec;
  if (std::filesystem::is_directory(inputs.front(), ec) && io::traceFilesIn(inputs.front()).empty()) {
    return report::rankSummariesIn(inputs.front());
  }
  return {};
}

void writeReport(const ReportOptions& o, const report::Report& report) {
  std::string text;
  if (o.format == "json") {
    text = report::renderJsonReport(report);
  } else if (o.format == "md" || o.format == "markdown") {
    text = report::renderMarkdownReport(report);
  } else if (o.format == "html") {
    text = report::renderHtmlReport(report);
  } else {
    text = report::renderTextReport(report);
  }
  // Run, device and kernel names come from file names and the traced program: made terminal-safe
  // with the one sanitizer (JSON escapes control characters itself).
  if (o.format != "json") text = printable(text, true);
  if (o.output.empty() || o.output == "-") {
    writeStandardOutput(text);
    finishStandardOutput();  // a failed report is exit 5, whatever the thresholds say
  } else {
    io::writeFileAtomically(o.output, text);
    printMessage("wrote {}\n", o.output);
  }
}

int gate(const report::Report& report, const std::vector<report::Threshold>& thresholds) {
  report::GateResult gate = report::evaluateThresholds(report, thresholds);
  for (const auto& line : gate.skipped) printMessage("feedscope: note: not checked: {}\n", line);
  for (const auto& line : gate.crossed) printMessage("feedscope: threshold crossed: {}\n", line);
  return gate.crossed.empty() ? kExitOk : kExitThresholdCrossed;
}

// `report *.fssum`: the ranks' summaries joined into one job, read on all cores.
int runSummaryReport(const ReportOptions& o, const std::vector<std::string>& files,
                     const std::vector<report::Threshold>& thresholds) {
  if (!o.compareFiles.empty() || !o.compareRun.empty() || !o.baseline.empty() || !o.runs.empty()) {
    throw io::InputError("report: --compare, --compare-run, --baseline and --run take traces or sessions, not rank summaries");
  }
  requireComparisonFor(thresholds, report::Report{});
  if (!o.output.empty()) io::requireDistinctFiles(o.output, files);
  const std::string input = o.inputs.size() == 1 ? o.inputs.front() : fmt::format("{} rank summaries", files.size());
  report::SummaryFiles read = report::readRankSummaries(files);
  noteUnread(read.unread);
  report::Report report = report::buildSummaryReport(std::move(read.summaries), input, read.unread);
  writeReport(o, report);
  return gate(report, thresholds);
}

int runReport(ReportOptions o) {
  // Thresholds first: a typo in CI fails at once, before a large trace is read.
  std::vector<report::Threshold> thresholds;
  for (const auto& expression : o.failIf) thresholds.push_back(report::parseThreshold(expression));
  if (auto summaries = summaryFilesOf(o.inputs); !summaries.empty()) return runSummaryReport(o, summaries, thresholds);
  o.input = o.inputs.front();
  if (!o.output.empty()) {
    std::vector<std::string> inputs{o.input};
    inputs.insert(inputs.end(), o.compareFiles.begin(), o.compareFiles.end());
    io::requireDistinctFiles(o.output, inputs);
  }
  analysis::AnalysisOptions options;
  if (o.pinnedGbps > 0) options.assumed_pinned_gbps = o.pinnedGbps;  // range-checked by the option
  std::vector<std::string> names = o.runs;
  if (!o.compareRun.empty() && !names.empty() &&
      std::find(names.begin(), names.end(), o.compareRun) == names.end()) {
    names.push_back(o.compareRun);
  }
  // A folder is read file by file on all cores (the ranks of a job); --run picks runs of one session.
  std::error_code ec;
  const bool folder = names.empty() && o.compareRun.empty() && std::filesystem::is_directory(o.input, ec);
  trace::Session session;
  io::FolderFiles files;
  if (folder) {
    files = io::openTraceFolderFiles(o.input, io::usableCores(), kReportArguments);
    noteUnread(files.unread);
  } else {
    session = open(o.input);
  }
  report::Report report = folder ? report::buildFolderReport(files, o.input, options, io::usableCores())
                                 : report::buildReport(session, o.input, options, names);

  // Sessions of --compare files: a deque, so the runs the report points into never move.
  std::deque<trace::Session> others;
  for (const std::string& file : o.compareFiles) {
    others.push_back(open(file));
    if (others.back().runs.empty()) throw io::InputError(file + ": holds no runs to compare");
    // Its ranks make a job of their own (`report jobA/ --compare jobB/`), never one with FILE's.
    report::appendReport(report, report::buildReport(others.back(), file, options), &others.back().strings);
  }
  std::size_t baseline = 0;
  if (!o.compareRun.empty()) {
    std::size_t b = 0;
    while (b < report.runs.size() && report.runs[b]->name != o.compareRun) ++b;
    if (b == report.runs.size()) {
      report::buildReport(session, o.input, options, {o.compareRun});  // throws the "no run named" error
    }
    baseline = b == 0 ? 1 : 0;
    if (baseline >= report.runs.size()) throw io::InputError(o.input + ": --compare-run needs a second run to compare with");
  }
  if (!o.baseline.empty()) {
    baseline = 0;
    while (baseline < report.runs.size() && report.runs[baseline]->name != o.baseline) ++baseline;
    if (baseline == report.runs.size()) {
      std::string known;
      for (const auto* r : report.runs) known += (known.empty() ? "" : ", ") + r->name;
      throw io::InputError("--baseline: no run named '" + o.baseline + "' (runs: " + known + ")");
    }
  }
  report::compareAgainst(report, baseline);

  requireComparisonFor(thresholds, report);
  writeReport(o, report);
  return gate(report, thresholds);
}

}  // namespace

void addReportCommand(CLI::App& app, CommandAction& action) {
  auto o = std::make_shared<ReportOptions>();
  CLI::App* cmd = app.add_subcommand("report", "Report how starved the GPU was, why, and what would help");
  cmd->add_option("FILE", o->inputs,
                  "a .feedscope session, a Kineto trace (.json, .json.gz), an Nsight Systems SQLite export, a "
                  "folder of traces (tensorboard_trace_handler's; each file a run, in name order; the ranks of a "
                  "job read as one), or rank summaries (.fssum from feedscope summarize, or a folder of them)")
      ->required();
  cmd->add_option("--run", o->runs, "report only this run (repeat for several)");
  auto* compare = cmd->add_option("--compare", o->compareFiles,
                                  "add the runs of this file to the comparison (repeat for several files)");
  auto* compareRun =
      cmd->add_option("--compare-run", o->compareRun, "compare this run of the same file against the first other run");
  compare->excludes(compareRun);
  cmd->add_option("--baseline", o->baseline,
                  "the run every other run is compared with (default: the first run of FILE)");
  cmd->add_option("--format", o->format, "text (default), json, md or html (one self-contained page)")
      ->check(CLI::IsMember({"text", "json", "md", "markdown", "html"}));
  cmd->add_option("-o,--output", o->output, "write the report to this file instead of stdout");
  cmd->add_option("--pinned-gbps", o->pinnedGbps,
                  "pinned H2D bandwidth for the what-if when the run has no calibration or pinned copies")
      // From a slow USB-attached GPU to far past any link: outside that, copy times overflow.
      ->check(numberIn(0.001, 100'000));
  cmd->add_option("--fail-if", o->failIf,
                  "exit with code 4 when a figure crosses this threshold, e.g. 'starvation_pct>20' or "
                  "'h2d_overlap<80%' (any numeric key of a device in the JSON report; job.peer_wait_pct and "
                  "job.straggler_delay for a job of ranks; repeatable)");
  cmd->callback([o, &action] { action = [o] { return runReport(*o); }; });
}

}  // namespace feedscope::cli
