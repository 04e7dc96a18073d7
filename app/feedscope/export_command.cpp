// feedscope export FILE --format chrome|csv|csv-steps -o OUT: timelines for other tools.
#include <fmt/format.h>

#include "commands.h"
#include "cli_contract/exit_codes.h"
#include "store/atomic_file.h"
#include "report/chrome_trace_export.h"
#include "report/csv_export.h"
#include "importers/open_input.h"
#include "report/report.h"
#include "store/output_check.h"
#include "progress.h"
#include "user_messages.h"

namespace feedscope::cli {

void addExportCommand(CLI::App& app, CommandAction& action) {
  struct Options {
    std::string input, format, output;
    std::vector<std::string> runs;
  };
  auto o = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("export", "Export a session or trace as Chrome-trace JSON (Perfetto) or CSV");
  cmd->add_option("FILE", o->input, "a .feedscope session, a Kineto trace or an Nsight Systems SQLite export")
      ->required();
  cmd->add_option("--format", o->format,
                  "chrome (Perfetto / chrome://tracing, with a starvation track), csv (every interval) or "
                  "csv-steps (the per-step table)")
      ->required()
      ->check(CLI::IsMember({"chrome", "csv", "csv-steps"}));
  cmd->add_option("-o,--output", o->output, "file to write")->required();
  cmd->add_option("--run", o->runs, "export only this run (repeat for several)");
  cmd->callback([o, &action] {
    action = [o] {
      io::requireDistinctFiles(o->output, {o->input});
      trace::Session session;
      {
        StderrProgress progress("reading " + o->input);
        session = io::openInput(o->input, progress.callback());
      }
      if (!o->runs.empty()) {
        report::buildReport(session, o->input, {}, o->runs);  // validates the names
        std::erase_if(session.runs, [&](const trace::Run& r) {
          return std::find(o->runs.begin(), o->runs.end(), r.name) == o->runs.end();
        });
      }
      if (o->format == "csv") {
        io::writeStreamAtomically(o->output, [&](std::FILE* f) { report::writeIntervalsCsv(session, f); });
      } else {
        report::Report report = report::buildReport(session, o->input, {});
        if (o->format == "chrome") {
          report::exportChromeTrace(session, report.analyses, o->output);
        } else {
          io::writeStreamAtomically(o->output, [&](std::FILE* f) { report::writeStepsCsv(report.analyses, f); });
        }
      }
      printMessage("wrote {}\n", o->output);
      return kExitOk;
    };
  });
}

}  // namespace feedscope::cli
