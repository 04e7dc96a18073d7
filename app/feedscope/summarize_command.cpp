// feedscope summarize TRACE -o rankN.fssum: one rank's summary (docs/file-formats.md, "Rank
// summaries"), made where the trace lives — by the job's own launcher on every node — so that
// `feedscope report *.fssum` joins the ranks into a job without moving any trace.
#include <fmt/format.h>

#include <filesystem>

#include "cli_contract/exit_codes.h"
#include "commands.h"
#include "io/input_error.h"
#include "importers/open_input.h"
#include "numeric_options.h"
#include "job/rank_identity.h"
#include "job/rank_summary.h"
#include "store/output_check.h"
#include "progress.h"
#include "report/rank_summary_file.h"
#include "report/report.h"
#include "trace/utf8.h"
#include "user_messages.h"

namespace feedscope::cli {

void addSummarizeCommand(CLI::App& app, CommandAction& action) {
  struct Options {
    std::string input, output, run;
    int rank = -1;
    int worldSize = 0;
  };
  auto o = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "summarize", "Summarise one rank of a distributed job into a small .fssum file for `report *.fssum`");
  cmd->add_option("TRACE", o->input, "the rank's trace: a Kineto trace, a .feedscope session or an Nsight Systems export")
      ->required();
  cmd->add_option("-o,--output", o->output, "the summary to write (rankN.fssum)")->required();
  cmd->add_option("--rank", o->rank,
                  "this trace's rank, when the trace does not say it (e.g. --rank $SLURM_PROCID or $RANK)")
      ->check(numberIn(0, 16'777'215));
  cmd->add_option("--world-size", o->worldSize, "the job's number of ranks, when the trace does not say it")
      ->check(numberIn(1, 16'777'216));
  cmd->add_option("--run", o->run, "the run of a session with several");
  cmd->callback([o, &action] {
    action = [o] {
      if (!report::isRankSummaryPath(o->output)) {
        throw io::InputError("-o " + o->output + ": a rank summary's name ends in .fssum");
      }
      io::requireDistinctFiles(o->output, {o->input});
      trace::Session session;
      {
        StderrProgress progress("reading " + o->input);
        session = io::openInput(o->input, progress.callback(), io::KeptArguments::Collectives);
      }
      std::vector<std::string> names;
      if (!o->run.empty()) names.push_back(o->run);
      report::Report report = report::buildReport(session, o->input, {}, names);
      if (report.runs.size() != 1) {
        throw io::InputError(fmt::format("{}: holds {} runs; name the rank's with --run NAME", o->input, report.runs.size()));
      }
      const trace::Run& run = *report.runs.front();
      std::optional<job::RankIdentity> identity = job::rankIdentityOf(run);
      if (o->rank >= 0) identity = job::RankIdentity{o->rank, identity ? identity->world_size : std::nullopt, "--rank"};
      if (!identity) {
        throw io::InputError(o->input +
                             ": says nothing about its rank (no distributedInfo, no RANK, SLURM_PROCID or "
                             "OMPI_COMM_WORLD_RANK recorded, no rankN in its name): give --rank N");
      }
      if (o->worldSize > 0) identity->world_size = o->worldSize;
      if (identity->world_size && *identity->world_size <= identity->rank) {
        throw io::InputError(fmt::format("{}: rank {} is not below the world size {}", o->input, identity->rank,
                                         *identity->world_size));
      }
      job::RankSummary summary = job::summarizeRank(run, session.strings, report.analyses.front(), *identity);
      // The folder the trace lies in names the job, as `report FOLDER` names it.
      std::error_code ec;
      const std::filesystem::path absolute = std::filesystem::absolute(o->input, ec);
      if (!ec) summary.folder = trace::validUtf8(absolute.parent_path().filename().string());
      report::writeRankSummary(o->output, summary);
      printMessage("wrote {} (rank {})\n", o->output, identity->rank);
      return kExitOk;
    };
  });
}

}  // namespace feedscope::cli
