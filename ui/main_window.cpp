// Main window: composition of the panels, menus, loading and exporting.
#include "ui/main_window.h"

#include <algorithm>

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QSignalBlocker>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QScreen>
#include <QTextBrowser>
#include <QToolButton>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <cstdio>
#include <memory>

#include "io/input_error.h"
#include "report/job_table.h"
#include "trace/units.h"
#include "present/numbers.h"
#include "present/phrases.h"
#include "ui/app_info.h"
#include "ui/charts_panel.h"
#include "ui/compare_panel.h"
#include "ui/details_panel.h"
#include "ui/document_loader.h"
#include "ui/export_choice.h"
#include "ui/exporters.h"
#include "ui/findings_panel.h"
#include "ui/outputs.h"
#include "ui/range_export.h"
#include "ui/run_name_elision.h"
#include "ui/recent_files.h"
#include "ui/run_panel.h"
#include "ui/search_bar.h"
#include "ui/tables_panel.h"
#include "ui/timeline_widget.h"
#include "view/chart_data.h"
#include "view/compare_table.h"
#include "view/describe.h"
#include "view/elide.h"
#include "view/range_metrics.h"

namespace feedscope::ui {
namespace {

// The palette Qt started with, for "System" after a switch to light or dark.
QPalette& systemPalette() {
  static QPalette palette = QApplication::palette();
  return palette;
}

QPalette darkPalette() {
  QPalette p;
  const QColor window(0x2b, 0x2d, 0x31), base(0x1e, 0x1f, 0x22), text(0xe6, 0xe6, 0xe6);
  p.setColor(QPalette::Window, window);
  p.setColor(QPalette::WindowText, text);
  p.setColor(QPalette::Base, base);
  p.setColor(QPalette::AlternateBase, window);
  p.setColor(QPalette::ToolTipBase, base);
  p.setColor(QPalette::ToolTipText, text);
  p.setColor(QPalette::Text, text);
  p.setColor(QPalette::PlaceholderText, QColor(0xa0, 0xa4, 0xab));
  p.setColor(QPalette::Button, window);
  p.setColor(QPalette::ButtonText, text);
  p.setColor(QPalette::BrightText, Qt::red);
  p.setColor(QPalette::Link, QColor(0x6a, 0xa8, 0xf0));
  p.setColor(QPalette::Highlight, QColor(0x3f, 0x7f, 0xd9));
  p.setColor(QPalette::HighlightedText, Qt::white);
  p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
  p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
  p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x80, 0x80));
  return p;
}

QPalette lightPalette() {
  // A style made only to read its palette is ours to delete (setStyle would take it, this does not).
  std::unique_ptr<QStyle> fusion(QStyleFactory::create("Fusion"));
  QPalette p = fusion->standardPalette();
  p.setColor(QPalette::PlaceholderText, QColor(0x60, 0x64, 0x6b));
  return p;
}

}  // namespace

MainWindow::MainWindow(bool interactive, QWidget* parent)
    : QMainWindow(parent),
      interactive_(interactive),
      loader_(new DocumentLoader(this)),
      timeline_(new TimelineWidget),
      search_bar_(new SearchBar),
      summary_(new QLabel),
      summary_toggle_(new QToolButton),
      findings_(new FindingsPanel),
      details_(new DetailsPanel),
      tables_(new TablesPanel),
      compare_(new ComparePanel),
      charts_(new ChartsPanel),
      run_(new RunPanel),
      tabs_(new QTabWidget),
      alignment_(new QComboBox) {
  systemPalette();
  setObjectName("mainWindow");
  setWindowTitle(tr("Feedscope"));
  setWindowIcon(applicationIcon());
  setAcceptDrops(true);
  if (QScreen* screen = QGuiApplication::primaryScreen()) {
    resize(firstWindowSize(screen->availableGeometry()));
  } else {
    resize(1500, 950);
  }

  buildGpuOffer();
  buildCentralPages(buildSummaryRow());
  buildDocks();
  buildAlignmentChoice();
  connectLoader();
  connectPanels();
  buildMenus();
  buildStatusBar();
  QSettings settings;
  // Without a user (screenshots, tests) the layout is always the first-start one.
  if (interactive_) {
    restoreGeometry(settings.value("window/geometry").toByteArray());
    restored_layout_ = restoreState(settings.value("window/state").toByteArray());
  }
  alignment_->setCurrentIndex(std::clamp(settings.value("timeline/alignment", 0).toInt(), 0, alignment_->count() - 1));
  setTheme(settings.value("theme", "system").toString());
  showDocument(nullptr);
}

// A GPU is here: the bar offering the demo (shown only over the bundled samples).
void MainWindow::buildGpuOffer() {
  gpu_offer_ = new QWidget;
  gpu_offer_->setObjectName("gpuOffer");
  gpu_offer_text_ = new QLabel;
  gpu_offer_text_->setWordWrap(true);
  auto* runDemo = new QPushButton(tr("Run the demo…"));
  auto* dismiss = new QPushButton(tr("Not now"));
  auto* offerRow = new QHBoxLayout(gpu_offer_);
  offerRow->setContentsMargins(6, 4, 6, 4);
  offerRow->addWidget(gpu_offer_text_, 1);
  offerRow->addWidget(runDemo);
  offerRow->addWidget(dismiss);
  gpu_offer_->hide();
  connect(dismiss, &QPushButton::clicked, gpu_offer_, &QWidget::hide);
  connect(runDemo, &QPushButton::clicked, this, [this] {
    gpu_offer_->hide();
    showTab("run");
  });

}

// The summary above the timeline and its "▸ all N runs" toggle, as one row.
QHBoxLayout* MainWindow::buildSummaryRow() {
  summary_->setObjectName("summary");
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  summary_->setContentsMargins(8, 4, 8, 4);
  // No name sets the window's width: a run name is cut (view/elide.h) and the label may be narrower
  // than its longest word.
  summary_->setMinimumWidth(1);
  summary_toggle_->setObjectName("summaryToggle");
  summary_toggle_->setAutoRaise(true);
  summary_toggle_->setToolButtonStyle(Qt::ToolButtonTextOnly);
  connect(summary_toggle_, &QToolButton::clicked, this, [this] { setSummaryExpanded(!summary_expanded_); });
  auto* summaryRow = new QHBoxLayout;
  summaryRow->setContentsMargins(0, 0, 4, 0);
  summaryRow->addWidget(summary_, 1);
  summaryRow->addWidget(summary_toggle_, 0, Qt::AlignTop);
  return summaryRow;
}

// The centre: the Timeline page (offer, summary, search, timeline) and the Compare page.
void MainWindow::buildCentralPages(QHBoxLayout* summaryRow) {
  auto* timelinePage = new QWidget;
  auto* v = new QVBoxLayout(timelinePage);
  v->setContentsMargins(0, 0, 0, 0);
  v->setSpacing(0);
  v->addWidget(gpu_offer_);
  v->addLayout(summaryRow);
  v->addWidget(search_bar_);
  v->addWidget(timeline_, 1);
  // The compare page gets the whole centre: the table beside the four charts. The table keeps the
  // width its columns need (fitComparePage); the charts take the rest, and any change of size.
  auto* comparePage = new QSplitter(Qt::Horizontal);
  comparePage->setObjectName("comparePage");
  comparePage->addWidget(compare_);
  comparePage->addWidget(charts_);
  comparePage->setStretchFactor(0, 0);
  comparePage->setStretchFactor(1, 1);
  comparePage->setCollapsible(0, false);
  comparePage->setCollapsible(1, false);
  central_tabs_ = new QTabWidget;
  central_tabs_->setObjectName("centralTabs");
  central_tabs_->setDocumentMode(true);
  central_tabs_->addTab(timelinePage, tr("Timeline"));
  // The page scrolls rather than asking the window for more height: with a job's ranks table over the
  // charts it would otherwise make the window taller than a laptop's screen (issue 34, item 2).
  auto* compareScroll = new QScrollArea;
  compareScroll->setObjectName("compareScroll");
  compareScroll->setWidget(comparePage);
  compareScroll->setWidgetResizable(true);
  compareScroll->setFrameShape(QFrame::NoFrame);
  central_tabs_->addTab(compareScroll, tr("Compare"));
  // Whenever the timeline is shown it has the keyboard (W/A/S/D, F, Esc).
  connect(central_tabs_, &QTabWidget::currentChanged, this, [this](int index) {
    if (index == 0) timeline_->setFocus(Qt::OtherFocusReason);
  });
  setCentralWidget(central_tabs_);

}

// Findings on the right, the whole height; Details, Tables and Run below the centre.
void MainWindow::buildDocks() {
  auto* findingsDock = new QDockWidget(tr("Findings"), this);
  findingsDock->setObjectName("findingsDock");
  findingsDock->setWidget(findings_);
  // Never so narrow that a finding's title is a column of single words.
  findingsDock->setMinimumWidth(260);
  addDockWidget(Qt::RightDockWidgetArea, findingsDock);
  // The findings take the window's whole height; the bottom dock stops beside them.
  setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);

  tabs_->setObjectName("bottomTabs");
  auto* runScroll = new QScrollArea;
  runScroll->setWidget(run_);
  runScroll->setWidgetResizable(true);
  runScroll->setFrameShape(QFrame::NoFrame);
  tabs_->addTab(details_, tr("Details"));
  tabs_->addTab(tables_, tr("Tables"));
  tabs_->addTab(runScroll, tr("Run"));
  auto* bottomDock = new QDockWidget(tr("Analysis"), this);
  bottomDock->setObjectName("bottomDock");
  bottomDock->setWidget(tabs_);
  addDockWidget(Qt::BottomDockWidgetArea, bottomDock);

}

void MainWindow::buildAlignmentChoice() {
  alignment_->setObjectName("alignment");
  alignment_->addItem(tr("Align at run start"), static_cast<int>(view::Alignment::RunStart));
  alignment_->addItem(tr("Align at first step"), static_cast<int>(view::Alignment::FirstStep));
  alignment_->addItem(tr("Align at first GPU operation"), static_cast<int>(view::Alignment::GpuStart));
  alignment_->addItem(tr("Absolute time"), static_cast<int>(view::Alignment::Absolute));
  alignment_->addItem(tr("Job clock (ranks aligned at collectives)"), static_cast<int>(view::Alignment::JobClock));
  connect(alignment_, &QComboBox::currentIndexChanged, this, [this] {
    timeline_->setAlignment(static_cast<view::Alignment>(alignment_->currentData().toInt()));
    QSettings().setValue("timeline/alignment", alignment_->currentIndex());
  });

}

// A load's progress, its document shown (and the files it could not open said), or why it failed.
void MainWindow::connectLoader() {
  connect(loader_, &DocumentLoader::progress, this, [this](double fraction, const QString& what) {
    load_progress_->setValue(static_cast<int>(fraction * 1000));
    load_label_->setText(what);
  });
  auto endLoad = [this] {
    load_progress_->hide();
    load_label_->hide();
    load_cancel_->hide();
  };
  connect(loader_, &DocumentLoader::loaded, this,
          [this, endLoad](std::shared_ptr<Document> doc, const QStringList& files) {
            endLoad();
            for (const QString& f : files) RecentFiles::add(f);
            updateRecentMenu();
            const std::vector<io::UnreadFile> unread(
                doc->unread.begin() + static_cast<std::ptrdiff_t>(doc->unread_earlier), doc->unread.end());
            showDocument(std::move(doc));
            if (!unread.empty()) {
              QStringList lines;
              for (const auto& u : unread) lines << QString::fromStdString(u.path + ": " + u.error);
              showError(tr("Some files were not opened"), lines.join('\n'));
            }
            emit documentLoaded();
          });
  connect(loader_, &DocumentLoader::failed, this, [this, endLoad](const QString& error, const QStringList&) {
    endLoad();
    showError(tr("Cannot open the file"), error);
    emit loadFailed(error);
  });
  connect(loader_, &DocumentLoader::cancelled, this, [this, endLoad] {
    endLoad();
    statusBar()->showMessage(tr("Loading cancelled"), 4000);
  });

}

// What one panel asks of another: details of an item, a finding's evidence, a step of a chart...
void MainWindow::connectPanels() {
  connect(timeline_, &TimelineWidget::itemActivated, this, [this](const view::Description& d) {
    details_->showDescription(d);
    if (tabs_->currentWidget() != tables_) tabs_->setCurrentWidget(details_);
  });
  connect(timeline_, &TimelineWidget::selectionChanged, tables_, &TablesPanel::setRange);
  connect(tables_, &TablesPanel::eventRequested, timeline_, [this](const view::ItemRef& item) {
    central_tabs_->setCurrentIndex(0);
    timeline_->selectItem(item, true);
  });
  connect(timeline_, &TimelineWidget::selectionChanged, this, [this](std::optional<view::TimeRange> range) {
    if (!doc_ || !doc_->timeline) return;
    if (range) {
      details_->showDescription(view::describeRange(*doc_->timeline, *range));
      if (tabs_->currentWidget() != tables_) tabs_->setCurrentWidget(details_);
    } else {
      details_->showRunSummaries();
    }
  });
  connect(findings_, &FindingsPanel::evidenceRequested, this, [this](view::TimeRange r, std::size_t run) {
    // The timeline comes forward first, so that the zoom is computed at its real width; then it takes
    // the keyboard, so that W/A/S/D move around the evidence at once.
    central_tabs_->setCurrentIndex(0);
    // Show the evidence with as much again of context on each side, but no time before the trace
    // begins or after it ends, and select it; the rows scroll to the run it is in.
    const view::TimeRange content = doc_ && doc_->timeline ? doc_->timeline->contentRange() : r;
    timeline_->showRange({std::max(r.start - r.length(), std::min(content.start, r.start)),
                          std::min(r.end + r.length(), std::max(content.end, r.end))});
    timeline_->selectRange(r);
    timeline_->revealRun(run);
    timeline_->setFocus(Qt::OtherFocusReason);
  });
  connect(search_bar_, &SearchBar::queryChanged, timeline_, &TimelineWidget::setSearchQuery);
  connect(search_bar_, &SearchBar::step, timeline_, [this](bool forward) { timeline_->searchStep(forward); });
  connect(search_bar_, &SearchBar::closed, timeline_, [this] { timeline_->setFocus(Qt::OtherFocusReason); });
  connect(timeline_, &TimelineWidget::searchChanged, search_bar_, &SearchBar::showPosition);
  connect(timeline_, &TimelineWidget::exportRangeRequested, this, &MainWindow::chooseRangeExport);
  connect(timeline_, &TimelineWidget::flowChanged, details_, &DetailsPanel::setFlowJump);
  connect(details_, &DetailsPanel::jumpAlongFlowRequested, timeline_, [this] { timeline_->jumpAlongFlow(); });
  connect(charts_, &ChartsPanel::stepRequested, this, [this](std::size_t run, std::int64_t number) {
    if (!doc_ || !doc_->timeline || run >= doc_->analyses.size() || doc_->analyses[run].primary() == nullptr) return;
    const auto* step = view::stepByNumber(*doc_->analyses[run].primary(), number);
    if (step == nullptr) return;
    // The step on the timeline, selected, with a tenth of it as context on each side.
    const auto& model = *doc_->timeline;
    view::TimeRange r{model.toDisplay(run, step->step.span.start), model.toDisplay(run, step->step.span.end)};
    central_tabs_->setCurrentIndex(0);
    timeline_->showRange({r.start - r.length() / 10, r.end + r.length() / 10});
    timeline_->selectRange(r);
    timeline_->setFocus(Qt::OtherFocusReason);
  });
  connect(timeline_, &TimelineWidget::idleBaselineChanged, this, &MainWindow::setBaseline);
  connect(run_, &RunPanel::resultReady, this, [this](const QString& path) { openFiles({path}); });
  connect(run_, &RunPanel::gpuStatusChanged, this, &MainWindow::onGpuStatus);

}

// The run panel (a child widget) would end its processes as it goes, but by then this window is half
// destroyed: they end first, while everything their last signals could reach is whole.
MainWindow::~MainWindow() { endChildProcesses(); }

void MainWindow::buildMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  QAction* open = file->addAction(tr("&Open…"), this, [this] { chooseOpen(false); });
  open->setShortcut(QKeySequence::Open);
  open->setObjectName("actionOpen");
  // A folder of rank traces opens as the job, a torch.profiler trace_handler folder as its captures
  // (as `feedscope-gui DIR` and `feedscope report DIR` read them).
  QAction* openFolder = file->addAction(tr("Open &Folder…"), this, &MainWindow::chooseFolder);
  openFolder->setShortcut(QKeySequence(tr("Ctrl+Alt+O")));
  openFolder->setObjectName("actionOpenFolder");
  QAction* add = file->addAction(tr("&Add to comparison…"), this, [this] { chooseOpen(true); });
  add->setShortcut(QKeySequence(tr("Ctrl+Shift+O")));
  recent_menu_ = file->addMenu(tr("Open &Recent"));
  file->addAction(tr("Open the &samples"), this, [this] {
    QStringList samples = defaultSampleFiles(QCoreApplication::applicationDirPath());
    if (samples.isEmpty()) {
      showError(tr("No samples"), tr("The bundled samples were not found beside this program."));
    } else {
      openFiles(samples);
    }
  });
  file->addSeparator();
  QAction* exportAction = file->addAction(tr("&Export…"), this, &MainWindow::chooseExport);
  exportAction->setShortcut(QKeySequence(tr("Ctrl+E")));
  exportAction->setObjectName("actionExport");
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);
  updateRecentMenu();

  QMenu* viewMenu = menuBar()->addMenu(tr("&View"));
  QAction* fit = viewMenu->addAction(tr("&Fit (or zoom to the selection)"), timeline_,
                                     &TimelineWidget::focusSelectionOrFit);
  fit->setShortcut(QKeySequence(Qt::Key_F));
  fit->setObjectName("actionFit");
  QAction* clear = viewMenu->addAction(tr("&Clear selection"), timeline_, &TimelineWidget::clearSelection);
  clear->setShortcut(QKeySequence(Qt::Key_Escape));
  QAction* find = viewMenu->addAction(tr("&Find…"), this, [this] {
    central_tabs_->setCurrentIndex(0);
    search_bar_->open();
  });
  find->setShortcuts({QKeySequence::Find, QKeySequence(Qt::Key_Slash)});
  find->setObjectName("actionFind");
  QAction* findNext = viewMenu->addAction(tr("Find &next"), this, [this] { timeline_->searchStep(true); });
  findNext->setShortcut(QKeySequence::FindNext);
  QAction* findPrevious =
      viewMenu->addAction(tr("Find &previous"), this, [this] { timeline_->searchStep(false); });
  findPrevious->setShortcut(QKeySequence::FindPrevious);
  QAction* flows = viewMenu->addAction(tr("Show f&lows (launch → GPU operation)"));
  flows->setObjectName("actionFlows");
  flows->setCheckable(true);
  flows->setChecked(true);
  connect(flows, &QAction::toggled, timeline_, &TimelineWidget::setFlowsShown);
  QAction* jump = viewMenu->addAction(tr("&Jump along the flow"), this, [this] { timeline_->jumpAlongFlow(); });
  jump->setShortcut(QKeySequence(Qt::Key_J));
  jump->setObjectName("actionJumpFlow");
  // docs/gui.md convention 2: Perfetto's M and its `,` / `.` along a lane.
  QAction* mark = viewMenu->addAction(tr("&Mark the selection"), this, [this] { timeline_->toggleMark(); });
  mark->setShortcut(QKeySequence(Qt::Key_M));
  mark->setObjectName("actionMark");
  QAction* clearMarks = viewMenu->addAction(tr("Clear all mar&ks"), timeline_, &TimelineWidget::clearMarks);
  clearMarks->setObjectName("actionClearMarks");
  QAction* previousOnLane =
      viewMenu->addAction(tr("P&revious on the lane"), this, [this] { timeline_->stepAlongLane(false); });
  previousOnLane->setShortcut(QKeySequence(Qt::Key_Comma));
  previousOnLane->setObjectName("actionPreviousOnLane");
  QAction* nextOnLane =
      viewMenu->addAction(tr("N&ext on the lane"), this, [this] { timeline_->stepAlongLane(true); });
  nextOnLane->setShortcut(QKeySequence(Qt::Key_Period));
  nextOnLane->setObjectName("actionNextOnLane");
  viewMenu->addSeparator();
  QAction* zoomIn = viewMenu->addAction(tr("Zoom &in"), this, [this] { timeline_->zoomBy(1.5); });
  // docs/gui.md convention 2: `+` as typed (Shift+= on most layouts), the keypad's `+`, and `=`.
  zoomIn->setShortcuts({QKeySequence::ZoomIn, QKeySequence(Qt::Key_Plus), QKeySequence(Qt::ShiftModifier | Qt::Key_Plus),
                        QKeySequence(Qt::KeypadModifier | Qt::Key_Plus), QKeySequence(Qt::Key_Equal)});
  zoomIn->setObjectName("actionZoomIn");
  QAction* zoomOut = viewMenu->addAction(tr("Zoom &out"), this, [this] { timeline_->zoomBy(1 / 1.5); });
  zoomOut->setShortcuts(
      {QKeySequence::ZoomOut, QKeySequence(Qt::Key_Minus), QKeySequence(Qt::KeypadModifier | Qt::Key_Minus)});
  zoomOut->setObjectName("actionZoomOut");
  viewMenu->addSeparator();
  QMenu* align = viewMenu->addMenu(tr("&Align runs"));
  for (int i = 0; i < alignment_->count(); ++i) {
    align->addAction(alignment_->itemText(i), this, [this, i] { alignment_->setCurrentIndex(i); });
  }
  QMenu* theme = viewMenu->addMenu(tr("&Theme"));
  auto* themes = new QActionGroup(this);
  for (auto [id, label] : {std::pair{"system", tr("System")}, {"light", tr("Light")}, {"dark", tr("Dark")}}) {
    QAction* a = theme->addAction(label, this, [this, id = QString(id)] { setTheme(id); });
    a->setCheckable(true);
    a->setData(QString(id));
    a->setChecked(QSettings().value("theme", "system").toString() == id);
    themes->addAction(a);
  }
  viewMenu->addSeparator();
  for (QDockWidget* dock : findChildren<QDockWidget*>()) {
    QAction* toggle = dock->toggleViewAction();
    if (dock->objectName() == "bottomDock") toggle->setShortcut(QKeySequence(tr("Ctrl+B")));
    viewMenu->addAction(toggle);
  }

  QMenu* runMenu = menuBar()->addMenu(tr("&Run"));
  runMenu->addAction(tr("Run the &demo…"), this, [this] { showTab("run"); });
  runMenu->addAction(tr("&Record a program…"), this, [this] { showTab("run"); });

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  QAction* keys = help->addAction(tr("&Keyboard and mouse"), this, &MainWindow::showShortcuts);
  keys->setShortcut(QKeySequence(Qt::Key_Question));
  help->addAction(tr("&About Feedscope"), this,
                  [this] { QMessageBox::about(this, tr("About Feedscope"), versionText()); });
  help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);

  QToolBar* bar = addToolBar(tr("Main"));
  bar->setObjectName("mainToolBar");
  bar->addAction(open);
  bar->addAction(add);
  bar->addAction(exportAction);
  bar->addSeparator();
  bar->addAction(fit);
  bar->addWidget(alignment_);
}

void MainWindow::buildStatusBar() {
  status_label_ = new QLabel;
  load_label_ = new QLabel;
  load_progress_ = new QProgressBar;
  load_progress_->setObjectName("loadProgress");
  load_progress_->setRange(0, 1000);
  load_progress_->setMaximumWidth(240);
  load_cancel_ = new QPushButton(tr("Cancel"));
  load_cancel_->setObjectName("loadCancel");
  connect(load_cancel_, &QPushButton::clicked, loader_, &DocumentLoader::cancel);
  statusBar()->addWidget(status_label_, 1);
  statusBar()->addPermanentWidget(load_label_);
  statusBar()->addPermanentWidget(load_progress_);
  statusBar()->addPermanentWidget(load_cancel_);
  load_label_->hide();
  load_progress_->hide();
  load_cancel_->hide();
}

void MainWindow::openFiles(const QStringList& files, bool add) {
  if (files.isEmpty()) return;
  if (loader_->isLoading()) {
    statusBar()->showMessage(tr("Still loading; try again when it is done"), 4000);
    return;
  }
  load_progress_->setValue(0);
  load_label_->setText(tr("Opening…"));
  load_progress_->show();
  load_label_->show();
  load_cancel_->show();
  loader_->load(files, add ? std::shared_ptr<const Document>(doc_) : nullptr);
}

bool MainWindow::isLoading() const {
  return loader_->isLoading();
}

void MainWindow::setCliPath(const QString& cli) {
  run_->setCliPath(cli);
}

void MainWindow::probeGpu() {
  run_->probeGpu();
}

void MainWindow::endChildProcesses() {
  run_->endChildProcesses();
}

void MainWindow::onGpuStatus(const GpuStatus& status) {
  bool showingSamples =
      doc_ && !doc_->files.empty() &&
      QFileInfo(QString::fromStdString(doc_->files.front())).absolutePath() ==
          QFileInfo(samplesDir(QCoreApplication::applicationDirPath()) + "/x").absolutePath();
  if (status.available && showingSamples) {
    gpu_offer_text_->setText(
        tr("<b>%1</b> — run the demo workload to record prefetch off against prefetch on "
           "on this machine.")
            .arg(status.summary.toHtmlEscaped()));
    gpu_offer_->show();
  }
}

void MainWindow::showDocument(std::shared_ptr<Document> doc) {
  doc_ = std::move(doc);
  run_->setOpenedFiles(doc_ ? doc_->inputs : std::vector<std::string>{});
  timeline_->setDocument(doc_);
  if (doc_ && doc_->timeline) {
    // Ranks of a job open on the job's clock: their waits line up with the rank they waited for.
    if (doc_->timeline->hasJobs()) {
      const QSignalBlocker quiet(alignment_);  // not the user's choice: not remembered
      alignment_->setCurrentIndex(alignment_->findData(static_cast<int>(view::Alignment::JobClock)));
    }
    timeline_->setAlignment(static_cast<view::Alignment>(alignment_->currentData().toInt()));
  }
  findings_->setDocument(doc_);
  details_->setDocument(doc_);
  tables_->setDocument(doc_);
  compare_->setDocument(doc_);
  charts_->setDocument(doc_);
  fitComparePage();  // another run adds two columns
  if (!doc_) {
    summary_->setText(
        tr("Open a .feedscope session or a PyTorch-profiler trace: File ▸ Open (Ctrl+O), or drop files "
           "here."));
    status_label_->setText(QString());
    setWindowTitle(tr("Feedscope"));
    return;
  }
  QStringList names;
  for (const auto& a : doc_->analyses) names << QString::fromStdString(a.run_name);
  summary_expanded_ = false;
  updateSummary();
  timeline_->setFocus();  // W/A/S/D work at once
  status_label_->setText(tr("%n run(s)", "", static_cast<int>(doc_->runs.size())) + " · " +
                         QString::fromStdString(present::withThousands(doc_->intervalCount())) +
                         tr(" intervals"));
  setWindowTitle(tr("Feedscope — %1").arg(names.join(", ")));
}

QString MainWindow::summaryText() const {
  return summary_->text();
}

namespace {
// A run name in the summary: long names cut by the one rule of view/elide.h (the whole name is in
// the label's tooltip).
constexpr std::size_t kSummaryNameChars = 48;
}  // namespace

void MainWindow::updateSummary() {
  if (!doc_) return;
  std::vector<std::string> full;
  for (const auto& a : doc_->analyses) full.push_back(a.run_name);
  const std::vector<std::string> shown = view::distinctNames(full, kSummaryNameChars);
  const std::size_t baseline = doc_->compare.baseline_run < doc_->compare_runs.size()
                                   ? doc_->compare_runs[doc_->compare.baseline_run]
                                   : 0;
  // With three runs and more, folded to the baseline's line and a button for the rest: six runs would
  // take eleven lines above the timeline.
  const bool foldable = full.size() >= 3;
  const bool folded = foldable && !summary_expanded_;
  QStringList lines, tip;
  // A job's answer comes first: which rank made the others wait, and why (docs/gui.md "Jobs").
  for (const auto& job : doc_->jobs) {
    lines << QStringLiteral("<b>%1</b>: %2")
                 .arg(QString::fromStdString(job.name).toHtmlEscaped(), QString::fromStdString(job.headline).toHtmlEscaped());
  }
  for (std::size_t i = 0; i < full.size(); ++i) {
    tip << QString::fromStdString(full[i]).toHtmlEscaped();
    if (folded && i != baseline) continue;
    std::string headline = present::runHeadline(doc_->analyses[i]);
    // A rank of a job: its starvation in the job counts its waits for its peers (docs/metrics.md).
    if (const auto& rank = doc_->job_view.ranks[i]; rank && rank->job < doc_->jobs.size()) {
      for (const auto& r : doc_->jobs[rank->job].ranks) {
        if (r.run != i) continue;
        headline += " · in the job: starved " + trace::formatPct(r.starvationPct());
        if (const std::string causes = report::rankStarvationCauses(r); !causes.empty()) headline += " (" + causes + ")";
      }
    }
    lines << QStringLiteral("<b>%1</b>: %2")
                 .arg(QString::fromStdString(shown[i]).toHtmlEscaped(), QString::fromStdString(headline).toHtmlEscaped());
  }
  if (!folded) {
    for (const auto& verdict : doc_->compare.verdicts)
      lines << "<b>" + withShortRunNames(QString::fromStdString(verdict), full, kSummaryNameChars).toHtmlEscaped() + "</b>";
  }
  summary_->setText(lines.join("<br>"));
  summary_->setToolTip(tip.join("<br>"));
  summary_toggle_->setVisible(foldable);
  summary_toggle_->setText(folded ? tr("▸ all %n runs", "", static_cast<int>(full.size())) : tr("▴ less"));
  summary_toggle_->setToolTip(folded ? tr("Show every run's line and the comparisons") : tr("Show the baseline's line only"));
}

void MainWindow::setSummaryExpanded(bool expanded) {
  summary_expanded_ = expanded;
  updateSummary();
}

void MainWindow::setBaseline(std::size_t run) {
  if (!doc_ || run >= doc_->analyses.size()) return;
  // What is compared with the new baseline is the reports' rule (compareWith): nothing to compare
  // (a rank of the only job) leaves the table as it was.
  if (!compareWith(*doc_, run)) return;
  timeline_->refreshIdleLanes();
  compare_->setDocument(doc_);
  fitComparePage();
  updateSummary();
}

QSize MainWindow::firstWindowSize(const QRect& availableScreen) {
  // Room for the window manager's frame and title bar, which are not known before the window shows.
  constexpr int kFrameRoomPx = 40;
  return QSize(1500, 950).boundedTo(availableScreen.size() - QSize(kFrameRoomPx / 2, kFrameRoomPx));
}

bool MainWindow::showTab(const QString& name) {
  if (name == "timeline" || name == "compare") {
    central_tabs_->setCurrentIndex(name == "timeline" ? 0 : 1);
    return true;
  }
  if (name == "details" || name == "tables" || name == "run") {
    tabs_->setCurrentIndex(name == "details" ? 0 : name == "tables" ? 1 : 2);
    if (auto* dock = findChild<QDockWidget*>("bottomDock")) dock->show();
    return true;
  }
  return false;
}

void MainWindow::searchFor(const QString& text) {
  central_tabs_->setCurrentIndex(0);
  search_bar_->openWith(text);
  timeline_->searchStep(true);
}

void MainWindow::updateRecentMenu() {
  if (recent_menu_ == nullptr) return;
  recent_menu_->clear();
  QStringList recent = RecentFiles::load();
  for (const QString& path : recent) {
    QAction* a =
        recent_menu_->addAction(QFileInfo(path).fileName(), this, [this, path] { openFiles({path}); });
    a->setToolTip(path);
    a->setEnabled(QFileInfo::exists(path));
  }
  recent_menu_->setEnabled(!recent.isEmpty());
}

void MainWindow::chooseOpen(bool add) {
  QSettings settings;
  QStringList files = QFileDialog::getOpenFileNames(
      this, add ? tr("Add to comparison") : tr("Open"), settings.value("lastOpenDir").toString(),
      tr("Sessions and traces (*.feedscope *.json *.json.gz *.gz);;All files (*)"));
  if (files.isEmpty()) return;
  settings.setValue("lastOpenDir", QFileInfo(files.front()).absolutePath());
  openFiles(files, add && doc_ != nullptr);
}

void MainWindow::chooseFolder() {
  QSettings settings;
  const QString folder = QFileDialog::getExistingDirectory(this, tr("Open a folder of ranks or captures"),
                                                           settings.value("lastOpenDir").toString());
  if (folder.isEmpty()) return;
  settings.setValue("lastOpenDir", QFileInfo(folder).absolutePath());
  openFiles({folder});
}

QString MainWindow::exportTo(const QString& formatId, const QString& path) {
  if (!doc_) return tr("nothing is open");
  try {
    // The PNG holds every lane of the range shown, not the part of it scrolled into view.
    if (formatId == "png") return exportRange(formatId, timeline_->viewport().visible(), path);
    const ExportFormat* format = findExportFormat(formatId.toStdString());
    if (format == nullptr) return tr("unknown export format %1").arg(formatId);
    format->write(*doc_, path.toStdString());
    return {};
  } catch (const io::Failure& e) {
    return QString::fromUtf8(e.what());
  } catch (const std::exception& e) {
    return tr("internal error: %1 (please report this)").arg(QString::fromUtf8(e.what()));
  }
}

QString MainWindow::exportRange(const QString& formatId, view::TimeRange range, const QString& path) {
  if (!doc_ || !doc_->timeline) return tr("nothing is open");
  try {
    if (formatId == "png") {
      checkOutput(path.toStdString(), doc_->inputs);  // before the image is drawn
      const int width = std::max(timeline_->width(), 800);
      QImage image = renderTimelineImage(*doc_, range, width, timeline_->collapsedLanes(), timeline_->palette());
      writePng(image, path.toStdString(), doc_->inputs);
      return {};
    }
    const ExportFormat* format = findExportFormat(formatId.toStdString());
    if (format == nullptr) return tr("unknown export format %1").arg(formatId);
    format->write(*documentOfRange(*doc_, range), path.toStdString());
    return {};
  } catch (const io::Failure& e) {
    return QString::fromUtf8(e.what());
  } catch (const std::exception& e) {
    return tr("internal error: %1 (please report this)").arg(QString::fromUtf8(e.what()));
  }
}

void MainWindow::chooseRangeExport(view::TimeRange range, const QString& formatId) {
  if (!doc_) return;
  const QString firstFile = doc_->files.empty() ? QString() : QString::fromStdString(doc_->files.front());
  QSettings settings;
  QString base = proposedExportPath(settings.value("lastExportDir").toString(), firstFile, exportedNames(*doc_),
                                    exportSuffixOf(formatId));
  // The file name says it is a part: "<runs>-range.<suffix>".
  QFileInfo info(base);
  base = info.path() + "/" + info.completeBaseName() + "-range." + info.suffix();
  QString path = QFileDialog::getSaveFileName(this, tr("Export this range"), base);
  if (path.isEmpty()) return;
  settings.setValue("lastExportDir", QFileInfo(path).absolutePath());
  QString error = exportRange(formatId, range, path);
  if (error.isEmpty()) {
    statusBar()->showMessage(exportDoneMessage(path, {formatId, path, {}, {}}), 6000);
  } else {
    showError(tr("Export failed"), error);
  }
}

void MainWindow::chooseExport() {
  if (!doc_) {
    showError(tr("Nothing to export"), tr("Open a session or a trace first."));
    return;
  }
  QStringList filters;
  QStringList ids;
  for (const auto& f : exportFormats()) {
    filters
        << QStringLiteral("%1 (*.%2)").arg(QString::fromStdString(f.title), QString::fromStdString(f.suffix));
    ids << QString::fromStdString(f.id);
  }
  filters << tr("PNG of the timeline: every lane of the range shown (*.png)");
  ids << "png";
  QSettings settings;
  QString filter = settings.value("lastExportFilter", filters.front()).toString();
  QString filterId = ids.value(std::max<qsizetype>(0, filters.indexOf(filter)));
  // The proposed name carries the filter's extension, so that a run name with a dot is not read as one.
  const QString firstFile = doc_->files.empty() ? QString() : QString::fromStdString(doc_->files.front());
  QString base = proposedExportPath(settings.value("lastExportDir").toString(), firstFile, exportedNames(*doc_),
                                    exportSuffixOf(filterId));
  QString path = QFileDialog::getSaveFileName(this, tr("Export"), base, filters.join(";;"), &filter);
  if (path.isEmpty()) return;
  // The typed extension decides the format; the selected filter only breaks ties (two CSVs, two JSONs).
  ExportChoice choice = chooseExportFormat(path, ids.value(std::max<qsizetype>(0, filters.indexOf(filter))));
  if (choice.format_id.isEmpty()) {
    showError(tr("Export failed"), choice.error);
    return;
  }
  settings.setValue("lastExportDir", QFileInfo(path).absolutePath());
  settings.setValue("lastExportFilter", filters.value(ids.indexOf(choice.format_id), filter));
  path = choice.path;
  QString id = choice.format_id;
  if (id == "png") {
    QString error = exportTo(id, path);
    if (error.isEmpty()) {
      statusBar()->showMessage(exportDoneMessage(path, choice), 10000);
    } else {
      showError(tr("Export failed"), error);
    }
    return;
  }
  // Large runs take seconds to write: do it off the GUI thread, which keeps painting.
  auto* dialog =
      new QProgressDialog(tr("Exporting %1…").arg(QFileInfo(path).fileName()), QString(), 0, 0, this);
  dialog->setWindowModality(Qt::WindowModal);
  dialog->setMinimumDuration(300);
  auto* watcher = new QFutureWatcher<QString>(this);
  connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, dialog, path, choice] {
    dialog->deleteLater();
    watcher->deleteLater();
    QString error = watcher->result();
    if (error.isEmpty()) {
      statusBar()->showMessage(exportDoneMessage(path, choice), 10000);
    } else {
      showError(tr("Export failed"), error);
    }
  });
  std::shared_ptr<const Document> doc = doc_;
  std::string formatId = id.toStdString();
  watcher->setFuture(QtConcurrent::run([doc, formatId, target = path.toStdString()]() -> QString {
    try {
      findExportFormat(formatId)->write(*doc, target);
      return {};
    } catch (const io::Failure& e) {
      return QString::fromUtf8(e.what());
    } catch (const std::exception& e) {
      return QObject::tr("internal error: %1 (please report this)").arg(QString::fromUtf8(e.what()));
    }
  }));
}

void MainWindow::showError(const QString& title, const QString& message) {
  if (interactive_) {
    QMessageBox::warning(this, title, message);
  } else {
    std::fprintf(stderr, "feedscope-gui: %s: %s\n", qPrintable(title.toLower()), qPrintable(message));
  }
}

void MainWindow::showShortcuts() {
  shortcutsDialog()->open();
}

QDialog* MainWindow::shortcutsDialog() {
  auto* dialog = new QDialog(this);
  dialog->setObjectName("shortcutsDialog");
  dialog->setWindowTitle(tr("Keyboard and mouse"));
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  auto* text = new QTextBrowser(dialog);
  text->setObjectName("shortcutsText");
  text->setHtml(shortcutsText());
  text->setFrameShape(QFrame::NoFrame);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
  connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
  auto* layout = new QVBoxLayout(dialog);
  layout->addWidget(text, 1);
  layout->addWidget(buttons);
  // The whole table where the screen has room for it, else what fits, the rest a scroll away.
  // The document laid out 560 px wide: its ideal width is a table's narrowest (one syllable per line),
  // which sized the dialog 126 px wide (issue 34, item 5).
  constexpr int kTextWidth = 560;
  text->document()->setTextWidth(kTextWidth);
  const QSize content(std::max(kTextWidth, static_cast<int>(text->document()->idealWidth())) + 40,
                      static_cast<int>(text->document()->size().height()) + buttons->sizeHint().height() + 48);
  const QScreen* screen = this->screen() != nullptr ? this->screen() : QGuiApplication::primaryScreen();
  const QSize room = screen != nullptr ? screen->availableGeometry().size() * 0.9 : QSize(800, 600);
  dialog->resize(content.boundedTo(room));
  return dialog;
}

QString MainWindow::shortcutsText() {
  return tr("<table cellpadding=2>"
         "<tr><td><b>Wheel</b></td><td>scroll the rows</td></tr>"
         "<tr><td><b>Ctrl+wheel</b></td><td>zoom at the cursor</td></tr>"
         "<tr><td><b>Shift+wheel</b>, horizontal wheel</td><td>pan</td></tr>"
         "<tr><td><b>Drag</b>, drag on the ruler</td><td>select a time range: its length shows while "
         "dragging, its metrics below</td></tr>"
         "<tr><td><b>Shift+drag</b>, middle-button drag</td><td>pan</td></tr>"
         "<tr><td><b>W / S</b></td><td>zoom in / out at the cursor (faster while held; Shift: faster "
         "still)</td></tr>"
         "<tr><td><b>A / D</b></td><td>pan left / right</td></tr>"
         "<tr><td><b>F</b></td><td>zoom to the selection; again: fit everything</td></tr>"
         "<tr><td><b>Esc</b></td><td>clear the selection; in the search bar: close it</td></tr>"
         "<tr><td><b>/</b>, <b>Ctrl+F</b></td><td>search by name (kernels, copies, ranges, API calls); "
         "<b>Enter</b> / <b>Shift+Enter</b>: next / previous match (also F3 / Shift+F3)</td></tr>"
         "<tr><td><b>J</b></td><td>jump along the flow: from a CUDA API call to the kernel or copy it "
         "launched, and back</td></tr>"
         "<tr><td><b>M</b></td><td>mark what was selected last (an interval or a range) with a coloured band "
         "across every lane; M on the same again removes the mark (View ▸ Clear all marks)</td></tr>"
         "<tr><td><b>,</b> / <b>.</b></td><td>select the previous / next interval on the same lane, "
         "keeping it in view</td></tr>"
         "<tr><td><b>Click</b></td><td>details of an interval; <b>double-click</b>: zoom to it</td></tr>"
         "<tr><td><b>Click a lane name</b></td><td>expand or collapse nested ranges</td></tr>"
         "<tr><td><b>Right-click</b></td><td>on an interval: zoom to it, copy its name, duration or details, "
         "jump along its flow; on a selection: zoom into, measure or export it (PNG of every lane, HTML "
         "report, Chrome trace)</td></tr>"
         "<tr><td><b>Right-click a lane name</b></td><td>hide it or its process, collapse its process to one "
         "band (click the band to open it), pin it to the top, move it up or down, collapse its run</td></tr>"
         "<tr><td><b>Drag a lane name</b></td><td>onto another lane of its run: move it above or below "
         "that lane</td></tr>"
         "<tr><td><b>Click a run name</b></td><td>fold the run to its header, or open it again</td></tr>"
         "<tr><td><b>Right-click a run name</b></td><td>use the run as the A/B baseline (the idle-difference "
         "lanes compare against it), fold or open it</td></tr>"
         "<tr><td><b>Tables</b> tab</td><td>events of the selection, sortable (double-click: show it); "
         "kernels by name and copies by kind; <b>Ctrl+C</b> copies the selected rows</td></tr>"
         "<tr><td><b>Ctrl+O</b>, <b>Ctrl+Shift+O</b></td><td>open, add to the comparison</td></tr>"
         "<tr><td><b>Ctrl+E</b></td><td>export (reports, Chrome trace, CSV, PNG)</td></tr>"
         "<tr><td><b>Ctrl+B</b></td><td>show or hide the bottom panel</td></tr>"
         "</table>");
}

void MainWindow::setTheme(const QString& theme, bool remember) {
  if (remember) QSettings().setValue("theme", theme);
  if (theme == "dark") {
    QApplication::setStyle(QStyleFactory::create("Fusion"));
    QApplication::setPalette(darkPalette());
  } else if (theme == "light") {
    QApplication::setStyle(QStyleFactory::create("Fusion"));
    QApplication::setPalette(lightPalette());
  } else {
    QApplication::setPalette(systemPalette());
  }
  timeline_->update();
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  if (restored_layout_) return;
  restored_layout_ = true;
  // Queued, because the docks' sizes settle only once the window is laid out.
  QTimer::singleShot(0, this, [this] { fitFirstLayout(); });
}

void MainWindow::fitFirstLayout() {
  // Most of the height for the timeline, so that two runs fit one above the other; the findings a
  // quarter of the width, and never less than a title and its cost need (a laptop's 1280 px gives it
  // 320).
  if (auto* bottom = findChild<QDockWidget*>("bottomDock")) resizeDocks({bottom}, {height() / 4}, Qt::Vertical);
  if (auto* right = findChild<QDockWidget*>("findingsDock"))
    resizeDocks({right}, {std::max(width() / 4, right->minimumWidth())}, Qt::Horizontal);
  fitComparePage();
}

void MainWindow::fitComparePage() {
  auto* page = findChild<QSplitter*>("comparePage");
  if (page == nullptr) return;
  // Sizes, not a share of the width: the page may be a hidden tab that has not been laid out yet. The
  // table (stretch 0) is held at the width its columns need and the charts (stretch 1) get what is
  // left; in a window too narrow for both, the table gives way first and scrolls, the charts keep
  // their minimum.
  //
  // When the table and the charts' minimum do not fit side by side (many runs, a small window), or
  // fit only with names cut that the page's full width would show whole, the table goes above the
  // charts at the page's full width, so that it never scrolls sideways.
  const int available = central_tabs_->width();
  const int charts = charts_->minimumSizeHint().width();
  // Many runs: the widest names that fit beside the charts, else the widest at the page's full width.
  const bool wholeBeside = compare_->fitToWidth(available - page->handleWidth() - charts);
  int table = compare_->fullTableWidth();
  const bool fitsBeside = available <= 0 || table + page->handleWidth() + charts <= available;
  bool sideBySide = fitsBeside;
  if (!fitsBeside || !wholeBeside) {
    const bool wholeAbove = compare_->fitToWidth(available);
    sideBySide = fitsBeside && !wholeAbove;
    // Cut either way: beside the charts, as wide as it fitted there.
    if (sideBySide) compare_->fitToWidth(available - page->handleWidth() - charts);
    table = compare_->fullTableWidth();
  }
  page->setOrientation(sideBySide ? Qt::Horizontal : Qt::Vertical);
  if (sideBySide) {
    page->setSizes({table, charts});
  } else {
    page->setSizes({compare_->sizeHint().height(), charts_->minimumSizeHint().height()});
  }
}

void MainWindow::resizeEvent(QResizeEvent* event) {
  QMainWindow::resizeEvent(event);
  fitComparePage();
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (run_->isRunning()) {
    auto answer = QMessageBox::question(this, tr("A recording is running"),
                                        tr("Stop it and quit? What it recorded so far is not opened."));
    if (answer != QMessageBox::Yes) {
      event->ignore();
      return;
    }
    run_->cancel();
  }
  loader_->cancel();
  if (interactive_) {
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
  }
  event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  for (const QUrl& url : event->mimeData()->urls()) {
    if (url.isLocalFile()) {
      event->acceptProposedAction();
      return;
    }
  }
}

void MainWindow::dropEvent(QDropEvent* event) {
  QStringList files;
  for (const QUrl& url : event->mimeData()->urls()) {
    if (url.isLocalFile()) files << url.toLocalFile();
  }
  // Dropped files join what is open: comparing is what Feedscope is for.
  openFiles(files, doc_ != nullptr);
  event->acceptProposedAction();
}

}  // namespace feedscope::ui
