// feedscope import TRACE -o S.feedscope: a Kineto trace into a session file (new, or --append).
#include <fmt/format.h>

#include "commands.h"
#include "cli_contract/exit_codes.h"
#include "importers/open_input.h"
#include "store/session_store.h"
#include "store/output_check.h"
#include "progress.h"
#include "session_write_lock.h"
#include "trace/session_merge.h"
#include "trace/utf8.h"
#include "user_messages.h"

namespace feedscope::cli {

void addImportCommand(CLI::App& app, CommandAction& action) {
  struct Options {
    std::string input, output, name;
    bool append = false, noWait = false;
  };
  auto opts = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "import", "Import a Kineto / PyTorch-profiler trace (.json, .json.gz) or an Nsight Systems SQLite export into a session");
  cmd->add_option("TRACE", opts->input, "trace file to import")->required();
  cmd->add_option("-o,--output", opts->output, "session file to write (.feedscope)")->required();
  cmd->add_option("--name", opts->name, "name of the imported run (default: the file name)");
  cmd->add_flag("--append", opts->append, "add the run to an existing session instead of replacing it");
  cmd->add_flag("--no-wait", opts->noWait, kNoWaitHelp);
  cmd->callback([opts, &action] {
    action = [opts] {
      io::requireDistinctFiles(opts->output, {opts->input});
      trace::Session imported;
      {
        StderrProgress progress("importing " + opts->input);
        imported = io::openInput(opts->input, progress.callback());
      }
      // From reading the session to renaming the new one into place, no other writer may come between:
      // a concurrent --append would otherwise be lost.
      io::SessionWriteLock lock = lockSessionForWriting(opts->output, opts->noWait);
      trace::Session session;
      if (opts->append) session = io::loadSession(opts->output);
      for (auto& run : imported.runs) {
        // --name comes from argv: any bytes, made UTF-8 where it enters.
        std::string name = trace::validUtf8(opts->name);
        if (!name.empty()) run.name = imported.runs.size() == 1 ? name : name + " " + run.name;
        trace::appendRun(session, std::move(run), imported.strings);
      }
      io::saveSession(session, opts->output);
      printMessage("wrote {} ({} run{}, {} intervals)\n", opts->output, session.runs.size(),
                 session.runs.size() == 1 ? "" : "s", session.intervalCount());
      return kExitOk;
    };
  });
}

}  // namespace feedscope::cli
