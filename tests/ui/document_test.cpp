// Loading documents off the GUI thread: figures equal the core's, progress, cancel, bad files, adding
// runs to what is open.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <QSignalSpy>

#include "io/input_error.h"
#include "importers/kineto_import.h"
#include "support/job_generator.h"
#include "support/temp_dir.h"
#include "ui/document_loader.h"
#include "ui_fixture.h"

namespace feedscope::ui {
namespace {

using testing::kNaive;
using testing::kStream;
using testing::TempDir;
using testing::waitUntil;

TEST(Document, LoadsTracesAndAnalysesThemAsTheCoreDoes) {
  std::vector<double> fractions;
  std::atomic<bool> cancelled{false};
  auto doc = loadDocument(
      {kNaive, kStream}, nullptr, [&](double f, const std::string&) { fractions.push_back(f); }, cancelled);
  ASSERT_EQ(doc->runs.size(), 2u);
  EXPECT_EQ(doc->run(0).name, "h200_naive");
  EXPECT_EQ(doc->run(1).name, "h200_stream");
  // The same figures as an independent import and analysis.
  trace::Session reference;
  io::importKinetoFile(kNaive, reference);
  auto expected = analysis::analyzeRun(reference.runs[0], reference.strings);
  EXPECT_EQ(doc->analyses[0].primary()->whole.starvation_ns, expected.primary()->whole.starvation_ns);
  EXPECT_EQ(doc->analyses[0].primary()->whole.gaps, expected.primary()->whole.gaps);
  EXPECT_EQ(doc->timeline->runs().size(), 2u);
  EXPECT_EQ(doc->compare.verdicts.size(), 1u);
  EXPECT_EQ(doc->intervalCount(), reference.intervalCount() + doc->sessions[1]->intervalCount());
  ASSERT_FALSE(fractions.empty());
  EXPECT_TRUE(std::is_sorted(fractions.begin(), fractions.end()));
  EXPECT_DOUBLE_EQ(fractions.back(), 1.0);
}

// A folder of ranks is read on every core the process may use, each file on one thread; what comes
// out is in file order, each run's figures those of reading it alone, a bad file reported beside
// the others, the progress (told from several threads) rising to 1. Two files of one name are told
// apart as on one thread.
TEST(Document, AFolderIsReadOnEveryCoreAndTakenInFileOrder) {
  TempDir dir;
  const std::filesystem::path folder = dir.path / "job";
  std::filesystem::create_directory(folder);
  testing::JobSpec spec;
  spec.world_size = 5;
  spec.steps = 6;
  spec.straggler = 3;
  spec.cause = "host";
  for (int r = 0; r < 5; ++r) {
    std::ofstream((folder / ("rank" + std::to_string(r) + ".json")).string()) << testing::jobRankTrace(spec, r);
  }
  std::ofstream((folder / "rank2b.json").string()) << "{\"traceEvents\": [";  // cut short
  std::vector<double> fractions;
  std::atomic<bool> cancelled{false};
  auto doc = loadDocument(
      {folder.string(), (folder / "rank1.json").string()}, nullptr,
      [&](double f, const std::string&) { fractions.push_back(f); }, cancelled);
  ASSERT_EQ(doc->runs.size(), 6u);
  const std::vector<std::string> names = {"rank0", "rank1", "rank2", "rank3", "rank4", "rank1 (2)"};
  for (std::size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ(doc->run(i).name, names[i]);
    EXPECT_EQ(doc->analyses[i].run_name, names[i]);
  }
  ASSERT_EQ(doc->unread.size(), 1u);
  EXPECT_NE(doc->unread[0].path.find("rank2b.json"), std::string::npos) << doc->unread[0].path;
  for (int r = 0; r < 5; ++r) {
    trace::Session alone;
    io::importKinetoFile((folder / ("rank" + std::to_string(r) + ".json")).string(), alone);
    auto expected = analysis::analyzeRun(alone.runs[0], alone.strings);
    const auto& got = doc->analyses[static_cast<std::size_t>(r)];
    EXPECT_EQ(got.primary()->whole.starvation_ns, expected.primary()->whole.starvation_ns) << r;
    EXPECT_EQ(got.primary()->whole.gaps, expected.primary()->whole.gaps) << r;
  }
  ASSERT_EQ(doc->jobs.size(), 1u);
  ASSERT_TRUE(doc->jobs[0].straggler);
  EXPECT_EQ(doc->jobs[0].straggler->rank, 3);
  ASSERT_FALSE(fractions.empty());
  EXPECT_TRUE(std::is_sorted(fractions.begin(), fractions.end()));
  EXPECT_DOUBLE_EQ(fractions.back(), 1.0);
}

TEST(Document, AddingKeepsTheRunsAndTellsSameNamesApart) {
  auto base = testing::sampleDocument();
  std::atomic<bool> cancelled{false};
  auto doc = loadDocument(
      {kNaive}, base, [](double, const std::string&) {}, cancelled);
  ASSERT_EQ(doc->runs.size(), 3u);
  EXPECT_EQ(doc->run(2).name, "h200_naive (2)");
  EXPECT_EQ(doc->analyses[2].run_name, "h200_naive (2)");
  EXPECT_EQ(doc->sessions[0], base->sessions[0]);  // shared, not copied
  EXPECT_EQ(doc->compare.verdicts.size(), 2u);
  trace::Session merged = mergedSession(*doc);
  ASSERT_EQ(merged.runs.size(), 3u);
  EXPECT_EQ(merged.intervalCount(), doc->intervalCount());
}

TEST(Document, BadFilesGiveTheCoresOneLineError) {
  TempDir dir;
  std::atomic<bool> cancelled{false};
  auto none = [](double, const std::string&) {};
  std::string truncated = testing::readWholeFile(kNaive).substr(0, 5000);
  for (const std::string& path :
       {dir.file("missing.json"), dir.file("empty.json", ""), dir.file("cut.json.gz", truncated),
        dir.file("notatrace.json", "{\"hello\": 1}")}) {
    try {
      loadDocument({path}, nullptr, none, cancelled);
      ADD_FAILURE() << "no error for " << path;
    } catch (const io::InputError& e) {
      std::string message = e.what();
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
      EXPECT_NE(message.find(path.substr(path.find_last_of('/') + 1)), std::string::npos) << message;
    }
  }
}

// `good.json.gz empty.json` opens the good one and reports the bad one.
TEST(Document, AGoodFileOpensBesideABadOneWhichIsReported) {
  TempDir dir;
  std::atomic<bool> cancelled{false};
  auto none = [](double, const std::string&) {};
  const std::string empty = dir.file("empty.json", "");
  auto doc = loadDocument({kNaive, empty}, nullptr, none, cancelled);
  ASSERT_TRUE(doc);
  EXPECT_EQ(doc->runs.size(), 1u);
  ASSERT_TRUE(doc->timeline);
  ASSERT_EQ(doc->unread.size(), 1u);
  EXPECT_NE(doc->unread[0].path.find("empty.json"), std::string::npos) << doc->unread[0].path;
  EXPECT_EQ(doc->files.size(), 1u);  // only what opened
}

TEST(Document, CancelStopsTheLoad) {
  std::atomic<bool> cancelled{false};
  EXPECT_THROW(
      loadDocument(
          {kNaive, kStream}, nullptr, [&](double, const std::string&) { cancelled = true; }, cancelled),
      LoadCancelled);
}

// A trace of several chunks (15 MB of JSON): the reading share of the progress rises with the
// compressed bytes consumed, chunk by chunk, and a cancel between two chunks stops the import there.
TEST(Document, ReadingProgressRisesChunkByChunkAndCancelStopsMidFile) {
  const std::string big = FEEDSCOPE_TEST_DATA_DIR "/kineto/ns_resolution_rank0.json.gz";
  const double readingEnd = 0.9 * 2 / 3;  // loadDocument's share for reading one file
  std::vector<double> fractions;
  std::atomic<bool> cancelled{false};
  (void)loadDocument(
      {big}, nullptr, [&](double f, const std::string&) { fractions.push_back(f); }, cancelled);
  EXPECT_TRUE(std::is_sorted(fractions.begin(), fractions.end()));
  std::vector<double> reading;
  for (double f : fractions) {
    if (f > 0 && f < readingEnd) reading.push_back(f);
  }
  EXPECT_GE(reading.size(), 4u);  // one step per chunk read, not a jump at the end

  std::vector<double> seen;
  EXPECT_THROW(loadDocument(
                   {big}, nullptr,
                   [&](double f, const std::string&) {
                     seen.push_back(f);
                     if (f > 0) cancelled = true;  // the first chunk is read: cancel
                   },
                   cancelled),
               LoadCancelled);
  ASSERT_FALSE(seen.empty());
  EXPECT_LT(seen.back(), readingEnd / 2);  // stopped early in the file, nothing after the cancel
}

TEST(DocumentLoader, ReportsOnTheGuiThread) {
  DocumentLoader loader;
  QSignalSpy loaded(&loader, &DocumentLoader::loaded);
  QSignalSpy failed(&loader, &DocumentLoader::failed);
  QSignalSpy progress(&loader, &DocumentLoader::progress);
  loader.load({QString::fromStdString(kStream)}, nullptr);
  EXPECT_TRUE(loader.isLoading());
  ASSERT_TRUE(waitUntil([&] { return loaded.count() + failed.count() > 0; }));
  ASSERT_EQ(loaded.count(), 1);
  EXPECT_GT(progress.count(), 0);
  auto doc = loaded.first().at(0).value<std::shared_ptr<Document>>();
  ASSERT_TRUE(doc);
  EXPECT_EQ(doc->runs.size(), 1u);

  TempDir dir;
  QString bad = QString::fromStdString(dir.file("bad.json", "[1, 2"));
  loader.load({bad}, nullptr);
  ASSERT_TRUE(waitUntil([&] { return failed.count() > 0; }));
  EXPECT_TRUE(failed.first().at(0).toString().contains("bad.json"))
      << failed.first().at(0).toString().toStdString();
}

TEST(DocumentLoader, CancelReportsCancelled) {
  DocumentLoader loader;
  QSignalSpy cancelled(&loader, &DocumentLoader::cancelled);
  QSignalSpy loaded(&loader, &DocumentLoader::loaded);
  loader.load({QString::fromStdString(kNaive), QString::fromStdString(kStream)}, nullptr);
  loader.cancel();
  ASSERT_TRUE(waitUntil([&] { return cancelled.count() + loaded.count() > 0; }));
  // Cancelled before the first progress check, so nothing was loaded.
  EXPECT_EQ(cancelled.count(), 1);
}

}  // namespace
}  // namespace feedscope::ui
