// The CLI a user expects: help and version commands, "did you mean", the error prefix, the generated
// completions and man page, report on a folder of traces, and --fail-if on a missing comparison.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "support/cli_run.h"
#include "support/temp_dir.h"

namespace {

using feedscope::testing::CliResult;
using feedscope::testing::TempDir;

CliResult run(const std::string& args) { return feedscope::testing::runCli(args); }

std::string data(const std::string& rel) { return std::string(FEEDSCOPE_TEST_DATA_DIR) + "/" + rel; }

bool contains(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

TEST(CliUsage, HelpCommandShowsTheToolAndEachCommand) {
  CliResult all = run("help");
  ASSERT_EQ(all.code, 0) << all.err;
  for (const char* command : {"report", "import", "record", "devices", "help", "version"}) {
    EXPECT_TRUE(contains(all.out, command)) << command << "\n" << all.out;
  }
  EXPECT_FALSE(contains(all.out, "completion")) << "hidden commands stay hidden";
  CliResult report = run("help report");
  ASSERT_EQ(report.code, 0) << report.err;
  EXPECT_TRUE(contains(report.out, "feedscope report")) << report.out;
  EXPECT_TRUE(contains(report.out, "--fail-if")) << report.out;
  CliResult unknown = run("help reprot");
  EXPECT_EQ(unknown.code, 2);
  EXPECT_TRUE(contains(unknown.err, "did you mean 'report'?")) << unknown.err;
}

TEST(CliUsage, VersionCommandAndFlagNameTheVersionAndFeatures) {
  CliResult command = run("version");
  CliResult flag = run("--version");
  ASSERT_EQ(command.code, 0);
  ASSERT_EQ(flag.code, 0);
  EXPECT_EQ(command.out.rfind(std::string("feedscope ") + FEEDSCOPE_EXPECTED_VERSION + "\n", 0), 0u) << command.out;
  EXPECT_TRUE(contains(command.out, "CUDA: ")) << command.out;
  EXPECT_TRUE(contains(command.out, "GUI: ")) << command.out;
  EXPECT_TRUE(contains(flag.out, command.out.substr(0, command.out.size() - 1))) << flag.out;
}

TEST(CliUsage, UnknownCommandSuggestsTheNearestAndExitsTwo) {
  CliResult r = run("reprot x.json");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "feedscope: error: unknown command 'reprot'; did you mean 'report'?\n");
  EXPECT_TRUE(r.out.empty());
  CliResult far = run("frobnicate");
  EXPECT_EQ(far.code, 2);
  EXPECT_EQ(far.err.rfind("feedscope: error: unknown command 'frobnicate'", 0), 0u) << far.err;
}

TEST(CliUsage, UsageErrorsCarryThePrefixAndThePlaceToLook) {
  for (const char* args : {"", "report", "report x --format pdf", "devices --format yaml", "import x"}) {
    CliResult r = run(args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_EQ(r.err.rfind("feedscope: error: ", 0), 0u) << args << "\n" << r.err;
    EXPECT_TRUE(contains(r.err, "(see 'feedscope help")) << r.err;
    EXPECT_EQ(feedscope::testing::lineCount(r.err), 1) << r.err;
  }
}

TEST(CliUsage, CompletionScriptsAreGeneratedFromTheCommands) {
  TempDir dir;
  CliResult bash = run("completion bash");
  ASSERT_EQ(bash.code, 0) << bash.err;
  for (const char* word : {"report", "--fail-if", "--compare-run", "'report --format') COMPREPLY=($(compgen -W 'text json md markdown html'"}) {
    EXPECT_TRUE(contains(bash.out, word)) << word;
  }
  std::string script = dir.file("feedscope.bash", bash.out);
  // The script completes "rep" to "report" when bash runs it.
  std::string probe = dir.file("probe.sh", "source " + script +
                                               "\nCOMP_WORDS=(feedscope rep); COMP_CWORD=1; _feedscope; "
                                               "echo \"${COMPREPLY[*]}\"\n");
  CliResult completed = feedscope::testing::runCli("bash", probe);
  EXPECT_EQ(completed.out, "report\n") << completed.err;
  CliResult zsh = run("completion zsh");
  ASSERT_EQ(zsh.code, 0);
  EXPECT_EQ(zsh.out.rfind("#compdef feedscope\n", 0), 0u);
  EXPECT_TRUE(contains(zsh.out, "'--fail-if[")) << zsh.out;
  EXPECT_EQ(run("completion fish").code, 2);
}

TEST(CliUsage, ManPageIsRoffWithEveryCommand) {
  CliResult man = run("man");
  ASSERT_EQ(man.code, 0) << man.err;
  EXPECT_EQ(man.out.rfind(".TH FEEDSCOPE 1 ", 0), 0u) << man.out;
  for (const char* needle : {".SS report", ".SS record", "\\fB\\-\\-fail\\-if\\fR", ".SH EXIT STATUS"}) {
    EXPECT_TRUE(contains(man.out, needle)) << needle;
  }
}

TEST(CliUsage, ReportTreatsEachTraceOfAFolderAsARunInNameOrder) {
  TempDir dir;
  std::filesystem::copy_file(data("h200/h200_stream.json.gz"), dir.file("worker1.1700000000002.pt.trace.json.gz"));
  std::filesystem::copy_file(data("h200/h200_naive.json.gz"), dir.file("worker0.1700000000001.pt.trace.json.gz"));
  dir.file("notes.txt", "not a trace");
  CliResult r = run("report --format json " + dir.path.string());
  ASSERT_EQ(r.code, 0) << r.err;
  auto doc = nlohmann::json::parse(r.out);
  ASSERT_EQ(doc["runs"].size(), 2u);
  EXPECT_EQ(doc["runs"][0]["name"], "worker0.1700000000001");
  EXPECT_EQ(doc["runs"][1]["name"], "worker1.1700000000002");
  EXPECT_EQ(doc["comparisons"].size(), 1u);

  TempDir empty;
  CliResult none = run("report " + empty.path.string());
  EXPECT_EQ(none.code, 2);
  EXPECT_TRUE(contains(none.err, "no trace files")) << none.err;
}

TEST(CliUsage, FailIfOnAComparisonThatIsNotThereIsAUsageError) {
  CliResult r = run("report " + data("h200/h200_naive.json.gz") + " --fail-if 'comparison.throughput_ratio<1.2'");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(r.err.rfind("feedscope: error: --fail-if 'comparison.throughput_ratio<1.2' checks a comparison", 0), 0u)
      << r.err;
  EXPECT_TRUE(r.out.empty());
  CliResult compared = run("report " + data("h200/h200_naive.json.gz") + " --compare " +
                           data("h200/h200_stream.json.gz") + " --fail-if 'comparison.throughput_ratio<1.2'");
  EXPECT_EQ(compared.code, 0) << compared.err;
}

TEST(CliUsage, RecordSaysWhereTheInjectionLibraryIs) {
  CliResult r = run("record --print-injection-path");
  if (FEEDSCOPE_CLI_HAS_CUDA) {
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(contains(r.out, "libfeedscope-inject.so\n")) << r.out;
    EXPECT_TRUE(std::filesystem::exists(r.out.substr(0, r.out.size() - 1)));
  } else {
    EXPECT_EQ(r.code, 3);
    EXPECT_EQ(r.err.rfind("feedscope: error: libfeedscope-inject.so not found", 0), 0u) << r.err;
  }
}

}  // namespace
