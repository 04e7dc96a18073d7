// File ▸ Export: the typed extension decides the format, the selected filter follows it.
#include "ui/export_choice.h"

#include <gtest/gtest.h>

namespace feedscope::ui {
namespace {

TEST(ExportChoice, TheTypedExtensionDecidesOverTheSelectedFilter) {
  EXPECT_EQ(chooseExportFormat("/tmp/x.csv", "chrome").format_id, "csv");
  EXPECT_EQ(chooseExportFormat("/tmp/x.png", "csv").format_id, "png");
  EXPECT_EQ(chooseExportFormat("/tmp/x.html", "chrome").format_id, "html");
  EXPECT_EQ(chooseExportFormat("/tmp/x.MD", "png").format_id, "md");
  EXPECT_EQ(chooseExportFormat("/tmp/x.csv", "chrome").path, "/tmp/x.csv");
}

TEST(ExportChoice, TheFilterBreaksTiesBetweenFormatsOfOneExtension) {
  EXPECT_EQ(chooseExportFormat("/tmp/x.csv", "csv-steps").format_id, "csv-steps");
  EXPECT_EQ(chooseExportFormat("/tmp/x.json", "json").format_id, "json");
  EXPECT_EQ(chooseExportFormat("/tmp/x.json", "chrome").format_id, "chrome");
  EXPECT_EQ(chooseExportFormat("/tmp/x.json", "png").format_id, "chrome");
}

TEST(ExportChoice, NoExtensionTakesTheFiltersOne) {
  auto c = chooseExportFormat("/tmp/run", "md");
  EXPECT_EQ(c.format_id, "md");
  EXPECT_EQ(c.path, "/tmp/run.md");
}

TEST(ExportChoice, AnUnknownExtensionIsRefusedWithTheKnownOnes) {
  auto c = chooseExportFormat("/tmp/run.v1", "chrome");
  EXPECT_TRUE(c.format_id.isEmpty());
  EXPECT_TRUE(c.error.contains(".v1 is not an export format")) << c.error.toStdString();
  EXPECT_TRUE(c.error.contains(".csv")) << c.error.toStdString();
}

// The dialog opens in the session's folder, not "/", named after every run.
TEST(ExportChoice, TheProposedNameIsInTheSessionsFolderAndNamesEveryRun) {
  EXPECT_EQ(proposedExportPath("", "/data/runs/a.json.gz", {"h200_naive", "h200_stream"}, "html"),
            "/data/runs/h200_naive_vs_h200_stream.html");
  EXPECT_EQ(proposedExportPath("/nonexistent-folder", "/data/runs/a.json.gz", {"x"}, "csv"),
            "/data/runs/x.csv");
  EXPECT_EQ(proposedExportPath("/tmp", "/data/a.json.gz", {"a", "b", "c", "d", "e"}, "md"),
            "/tmp/a_vs_b_vs_c_and_2_more.md");
}

}  // namespace
}  // namespace feedscope::ui
