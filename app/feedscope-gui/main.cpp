// feedscope-gui: the composition root of the desktop application. With no file it opens the bundled
// samples side by side; --screenshot renders the window to a PNG once loaded (documentation, checks).
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QRegularExpression>
#include <QTimer>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "cli_contract/exit_codes.h"
#include "io/errors.h"
#include "screenshot_palette.h"
#include "ui/app_info.h"
#include "ui/child_commands.h"
#include "ui/main_window.h"
#include "ui/outputs.h"
#include "ui/timeline_widget.h"
#include "view/viewport.h"

namespace {

using feedscope::cli::kExitBadInput;
using feedscope::cli::kExitOutputFailed;

// "--range 150:156" in milliseconds of display time.
std::optional<feedscope::view::TimeRange> parseRange(const QString& text) {
  QStringList parts = text.split(':');
  if (parts.size() != 2) return std::nullopt;
  bool okA = false, okB = false;
  double a = parts[0].toDouble(&okA), b = parts[1].toDouble(&okB);
  if (!okA || !okB || b <= a) return std::nullopt;
  return feedscope::view::TimeRange{a * 1e6, b * 1e6};
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  // Screenshots use settings of their own, so a user's saved layout never changes what they show.
  const bool screenshotMode =
      QApplication::arguments().contains("--screenshot") ||
      !QApplication::arguments().filter(QRegularExpression("^--screenshot=")).isEmpty();
  QApplication::setApplicationName(screenshotMode ? "feedscope-gui-screenshot" : "feedscope-gui");
  QApplication::setOrganizationName("feedscope");
  QApplication::setApplicationVersion(FEEDSCOPE_VERSION_STRING);
  QApplication::setWindowIcon(feedscope::ui::applicationIcon());

  QCommandLineParser parser;
  parser.setApplicationDescription(
      "Feedscope: is your GPU starving for input, why, and how much does prefetching help?");
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument("files",
                               "Sessions (.feedscope) or PyTorch-profiler traces (.json, .json.gz) to open "
                               "side by side. Without any, the bundled samples open.",
                               "[FILE...]");
  QCommandLineOption screenshot("screenshot", "Save the window as PNG once loaded, then quit.", "PATH");
  QCommandLineOption size("size", "Window size for --screenshot (default 1600x1000).", "WxH", "1600x1000");
  QCommandLineOption range("range", "Show this display-time range, in ms (e.g. 150:156).", "FROM:TO");
  QCommandLineOption select("select", "Select this display-time range, in ms; its metrics show in Details.",
                            "FROM:TO");
  QCommandLineOption tab("tab", "Tab to show: timeline, compare, details, tables or run.", "NAME");
  QCommandLineOption search("search", "Search the timeline for this name and select the first match.", "TEXT");
  QCommandLineOption theme("theme", "Colour theme: system, light or dark.", "NAME");
  parser.addOptions({screenshot, size, range, select, tab, theme, search});
  parser.process(app);

  std::optional<feedscope::view::TimeRange> shownRange, selectedRange;
  for (auto [option, target] : {std::pair{&range, &shownRange}, {&select, &selectedRange}}) {
    if (!parser.isSet(*option)) continue;
    *target = parseRange(parser.value(*option));
    if (!*target) {
      std::fprintf(stderr, "feedscope-gui: error: --%s wants FROM:TO in ms with FROM < TO, got '%s'\n",
                   qPrintable(option->names().front()), qPrintable(parser.value(*option)));
      return kExitBadInput;
    }
  }
  feedscope::ui::MainWindow window(!screenshotMode);
  if (parser.isSet(theme)) window.setTheme(parser.value(theme).toLower(), /*remember=*/false);
  const QString appDir = QCoreApplication::applicationDirPath();
  window.setCliPath(feedscope::ui::findFeedscopeCli(appDir));

  QStringList files;
  for (const QString& f : parser.positionalArguments()) files << QFileInfo(f).absoluteFilePath();
  if (files.isEmpty()) files = feedscope::ui::defaultSampleFiles(appDir);
  if (files.isEmpty() && !screenshotMode) {
    std::fprintf(stderr, "feedscope-gui: the bundled samples were not found; open a file with File > Open\n");
  }
  std::vector<std::string> inputs;
  for (const QString& f : files) inputs.push_back(f.toStdString());
  const std::string shotPath = parser.value(screenshot).toStdString();
  if (screenshotMode) {
    if (files.isEmpty()) {
      std::fprintf(stderr, "feedscope-gui: error: nothing to open for --screenshot\n");
      return kExitBadInput;
    }
    // Before anything is read: the PNG must never replace one of the files it shows.
    try {
      feedscope::ui::checkOutput(shotPath, inputs, "choose another --screenshot");
    } catch (const feedscope::io::Failure& e) {
      std::fprintf(stderr, "feedscope-gui: error: %s\n", e.what());
      return kExitBadInput;
    }
  }

  if (screenshotMode) {
    QStringList wh = parser.value(size).split('x');
    window.resize(wh.value(0).toInt() > 0 ? wh.value(0).toInt() : 1600,
                  wh.value(1).toInt() > 0 ? wh.value(1).toInt() : 1000);
  }
  const QString tabName = parser.value(tab).toLower();
  // Once, for the files of the command line: a file dropped later keeps the view the user has.
  bool viewOptionsApplied = false;
  auto applyViewOptions = [&] {
    if (viewOptionsApplied) return;
    viewOptionsApplied = true;
    if (parser.isSet(search)) window.searchFor(parser.value(search));
    if (shownRange) window.timeline()->showRange(*shownRange);
    if (selectedRange) window.timeline()->selectRange(*selectedRange);
    if (!tabName.isEmpty() && !window.showTab(tabName)) {
      std::fprintf(stderr, "feedscope-gui: unknown --tab '%s' (timeline, compare, details, tables, run)\n",
                   qPrintable(tabName));
    }
  };
  int exitCode = 0;
  QObject::connect(&window, &feedscope::ui::MainWindow::documentLoaded, &window, [&] {
    applyViewOptions();
    if (!screenshotMode) return;
    // Let layouts and charts settle for a moment before grabbing.
    QTimer::singleShot(400, &window, [&] {
      QImage shot = feedscope::gui::toSmallImage(window.grab().toImage());
      try {
        // quality 0: the strongest compression
        feedscope::ui::writePng(shot, shotPath, inputs, 0, "choose another --screenshot");
      } catch (const feedscope::io::Failure& e) {
        std::fprintf(stderr, "feedscope-gui: error: %s\n", e.what());
        exitCode = e.kind() == feedscope::io::FailureKind::OutputFailed ? kExitOutputFailed : kExitBadInput;
      }
      app.quit();
    });
  });
  QObject::connect(&window, &feedscope::ui::MainWindow::loadFailed, &window, [&] {
    if (!screenshotMode) return;
    exitCode = kExitBadInput;
    app.quit();
  });
  window.show();
  window.openFiles(files);
  window.probeGpu();
  int rc = app.exec();
  // The window's child processes (the GPU probe, a recording) end before it goes (ui/child_job.h).
  window.endChildProcesses();
  return exitCode != 0 ? exitCode : rc;
}
