// The main window: the timeline of every opened run in the middle, findings on the right, details,
// compare table, charts and the run panel below; File/View/Run/Help menus with the usual shortcuts;
// files from the menu, recent list, drag and drop or the command line, loaded off the GUI thread.
#pragma once

#include <QMainWindow>
#include <memory>

#include "ui/child_commands.h"
#include "ui/document.h"
#include "view/viewport.h"

class QAction;
class QComboBox;
class QDialog;
class QHBoxLayout;
class QToolButton;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QTabWidget;

namespace feedscope::ui {

class ChartsPanel;
class ComparePanel;
class DetailsPanel;
class DocumentLoader;
class FindingsPanel;
class RunPanel;
class SearchBar;
class TablesPanel;
class TimelineWidget;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  // `interactive` false: errors go to stderr instead of message boxes (screenshots, tests).
  explicit MainWindow(bool interactive = true, QWidget* parent = nullptr);
  ~MainWindow() override;

  // Opens files (replacing what is shown) or adds them to the comparison.
  void openFiles(const QStringList& files, bool add = false);
  void setCliPath(const QString& cli);
  void probeGpu();
  // Ends every child process the window started (the GPU probe, a demo or recording) and waits for
  // them; called before the window goes (feedscope-gui's main), and by its destructor.
  void endChildProcesses();

  TimelineWidget* timeline() const { return timeline_; }
  SearchBar* searchBar() const { return search_bar_; }
  FindingsPanel* findings() const { return findings_; }
  ComparePanel* comparePanel() const { return compare_; }
  ChartsPanel* charts() const { return charts_; }
  DetailsPanel* details() const { return details_; }
  TablesPanel* tables() const { return tables_; }
  RunPanel* runPanel() const { return run_; }
  QTabWidget* bottomTabs() const { return tabs_; }
  QTabWidget* centralTabs() const { return central_tabs_; }
  // Shows a tab by name: "timeline" or "compare" (centre), "details", "tables" or "run" (bottom panel).
  bool showTab(const QString& name);
  // Searches the timeline for `text` and selects the first match (the search bar stays open).
  void searchFor(const QString& text);
  std::shared_ptr<Document> document() const { return doc_; }
  // What `?` (Help ▸ Keyboard and mouse) lists: every binding, as a rich-text table.
  static QString shortcutsText();
  // The `?` dialog: the bindings in a scrolling view, never taller or wider than the screen. The
  // caller shows it; it deletes itself when closed.
  QDialog* shortcutsDialog();
  QString summaryText() const;
  // With three runs and more the summary above the timeline shows the baseline's line only until
  // expanded (its toggle button); fewer runs always show every line.
  bool summaryExpanded() const { return summary_expanded_; }
  void setSummaryExpanded(bool expanded);
  QToolButton* summaryToggle() const { return summary_toggle_; }
  // The first window's size: 1500x950, or what the available screen leaves.
  static QSize firstWindowSize(const QRect& availableScreen);
  bool isLoading() const;

  // Writes the document in one of exportFormats() (by id) or "png" (the timeline as shown); returns
  // the one-line error, or an empty string on success. Runs on the calling thread.
  QString exportTo(const QString& formatId, const QString& path);
  // The same for a time range only (right-click ▸ Export): runs cut to the range and analysed afresh
  // for the exporters, every lane of the range for "png".
  QString exportRange(const QString& formatId, view::TimeRange range, const QString& path);
  // "system", "light" or "dark"; `remember` keeps the choice for the next start.
  void setTheme(const QString& theme, bool remember = true);
  // The docks' first sizes for the window's size (done once when the window is first shown).
  void fitFirstLayout();

 signals:
  void documentLoaded();
  void loadFailed(const QString& error);

 protected:
  void closeEvent(QCloseEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  // The constructor's parts (docs/gui.md: the window's layout).
  void buildGpuOffer();
  QHBoxLayout* buildSummaryRow();
  void buildCentralPages(QHBoxLayout* summaryRow);
  void buildDocks();
  void buildAlignmentChoice();
  void connectLoader();
  void connectPanels();
  void buildMenus();
  void buildStatusBar();
  void showDocument(std::shared_ptr<Document> doc);
  // The lines above the timeline: each run's headline and the verdicts against the baseline.
  void updateSummary();
  // "Use as A/B baseline": the compare table, its verdicts and the summary compare with `run`.
  void setBaseline(std::size_t run);
  void updateRecentMenu();
  void chooseOpen(bool add);
  // File ▸ Open Folder…: a folder of ranks (the job) or a trace_handler folder.
  void chooseFolder();
  void chooseExport();
  void chooseRangeExport(view::TimeRange range, const QString& formatId);
  void showError(const QString& title, const QString& message);
  void showShortcuts();
  void onGpuStatus(const GpuStatus& status);
  // Gives the compare table the width that shows all its columns and the charts the rest.
  void fitComparePage();

  bool interactive_;
  std::shared_ptr<Document> doc_;
  DocumentLoader* loader_;
  TimelineWidget* timeline_;
  SearchBar* search_bar_;
  QLabel* summary_;
  QToolButton* summary_toggle_;
  bool summary_expanded_ = false;
  FindingsPanel* findings_;
  DetailsPanel* details_;
  TablesPanel* tables_;
  ComparePanel* compare_;
  ChartsPanel* charts_;
  RunPanel* run_;
  QTabWidget* tabs_;
  QTabWidget* central_tabs_;
  QComboBox* alignment_;
  QWidget* gpu_offer_;
  QLabel* gpu_offer_text_;
  QMenu* recent_menu_ = nullptr;
  QProgressBar* load_progress_;
  QLabel* load_label_;
  QPushButton* load_cancel_;
  QLabel* status_label_;
  bool restored_layout_ = false;
};

}  // namespace feedscope::ui
