// The timeline: every opened run stacked on one time axis, painted from a draw list. Bindings follow
// docs/gui.md: the wheel scrolls rows, Ctrl+wheel zooms at the cursor, Shift+wheel pans; a drag selects a
// range (on the ruler too) and Shift+drag pans; W/S/A/D zoom and pan as in Perfetto and
// chrome://tracing; hover shows a tooltip, click shows details.
#pragma once

#include <QElapsedTimer>
#include <QSet>
#include <QTimer>
#include <QWidget>
#include <memory>
#include <optional>
#include <vector>

#include "ui/document.h"
#include "ui/timeline_painter.h"
#include "view/describe.h"
#include "view/draw_list.h"
#include "view/flows.h"
#include "view/hit_test.h"
#include "view/item_ref.h"
#include "view/lane_layout.h"
#include "view/marks.h"
#include "view/search.h"
#include "view/viewport.h"

class QMenu;
class QScrollBar;

namespace feedscope::ui {

class TimelineWidget : public QWidget {
  Q_OBJECT

 public:
  explicit TimelineWidget(QWidget* parent = nullptr);

  // Shows a document (fitting the whole of it); null shows nothing.
  void setDocument(std::shared_ptr<Document> doc);
  const Document* document() const { return doc_.get(); }
  void setAlignment(view::Alignment alignment);

  const view::Viewport& viewport() const { return viewport_; }
  const view::LaneLayout& layout() const { return layout_; }
  // The draw list of the current view (built if needed).
  const view::DrawList& drawList();
  // The pinned band's draw list: the lanes above LaneLayout::pinned_height, never scrolled.
  const view::DrawList& pinnedList();
  // Widget coordinates -> what is there.
  std::optional<view::Hit> hitAt(QPoint pos);
  int lanesLeft() const { return kLabelWidth; }
  int lanesTop() const { return kRulerHeight; }
  double contentYAt(int widgetY) const;

  void fit();
  // Zooms around the middle of the view (factor > 1: in).
  void zoomBy(double factor);
  // F: zoom to the selection; again (or without one) fit everything.
  void focusSelectionOrFit();
  void showRange(view::TimeRange range, bool selectIt = false);
  // Scrolls the rows so that run `run`'s header is on screen (at the top when it was not).
  void revealRun(std::size_t run);
  // The rows' scroll position: the content y at the top of the lanes area.
  int rowScroll() const;
  // The widget y where the lanes area begins (under the ruler).
  static constexpr int layoutTop() { return kRulerHeight; }
  void selectRange(std::optional<view::TimeRange> range);
  void clearSelection();
  void setLaneCollapsed(std::size_t lane, bool collapsed);
  const std::vector<bool>& collapsedLanes() const { return collapsed_; }
  // Hidden, pinned and moved lanes and collapsed runs (docs/gui.md convention 4).
  const view::LaneArrangement& arrangement() const { return arrangement_; }
  void setArrangement(view::LaneArrangement arrangement);
  // The right-click menu of a lane's name.
  void fillLaneMenu(QMenu& menu, std::size_t lane);
  // The right-click menu of a run's header: use the run as the A/B baseline, fold or open it.
  void fillRunMenu(QMenu& menu, std::size_t run);
  // The run whose steps the A/B lanes compare against (docs/gui.md "A/B is built in").
  void setIdleBaseline(std::size_t run);
  // Lays the A/B lanes out again after their model refilled them (a baseline chosen elsewhere).
  void refreshIdleLanes();
  // The right-click menu at a widget position, built but not shown (tests read its actions).
  void fillContextMenu(QMenu& menu, QPoint pos);

  // The interval selected by a click, a search step or a jump along a flow.
  std::optional<view::ItemRef> selectedItem() const;
  // Selects an interval, scrolls its lane into view and, with `zoom`, centres it with as much again of
  // context on each side; its details are emitted as itemActivated.
  void selectItem(const view::ItemRef& item, bool zoom);

  // Search: highlights every interval whose name contains `query` (empty: none) and dims the rest.
  void setSearchQuery(const QString& query);
  const view::SearchResult& searchResult() const { return search_; }
  // Enter / Shift+Enter: selects and shows the next (previous) match after the selected interval, or the
  // first one from the left edge of the view. False when nothing matches.
  bool searchStep(bool forward);

  // M (docs/gui.md convention 2): marks what was selected last, the interval or the range, with a band
  // across every lane; on a span already marked, removes that mark. False when nothing is selected.
  bool toggleMark();
  const view::Marks& timeMarks() const { return time_marks_; }
  void clearMarks();
  // `,` and `.`: selects the previous (next) interval on the selected one's lane and pans it into view.
  // False when nothing is selected or the lane ends there.
  bool stepAlongLane(bool forward);

  // Flows: the launching API call and the GPU operation of the selected interval, with an arrow.
  void setFlowsShown(bool shown);
  bool flowsShown() const { return flows_shown_; }
  const std::optional<view::Flow>& flow() const { return flow_; }
  // docs/gui.md convention 9: the flow of the interval under the mouse, drawn lighter than the selected one.
  const std::optional<view::Flow>& hoverFlow() const { return hover_flow_; }
  // What the mouse is over (its tooltip shows); forgotten when the view moves under a still mouse.
  const std::optional<view::Hit>& hovered() const { return hover_; }
  // Selects and shows the other end of the selected interval's flow; false when there is none.
  bool jumpAlongFlow();
  // docs/gui.md "Jobs": `wait`, an interval of a peer-wait lane, selects the collective kernel of the
  // rank it waited for, where that rank arrived, and shows it. False for anything else.
  bool jumpToLateArrival(const view::ItemRef& wait);

  QSize sizeHint() const override { return {1100, 640}; }

 signals:
  void itemActivated(const view::Description& description);
  void selectionChanged(std::optional<view::TimeRange> range);
  void viewChanged();
  // The search's match count and the position of the selected match in it (-1: not on a match).
  void searchChanged(std::size_t count, long current);
  // The selected interval's flow changed (none, or one to jump along).
  void flowChanged(bool hasFlow, bool selectedIsLaunch);
  // Right-click ▸ Export this range: "png", or an id of exportFormats() ("chrome", "html", ...).
  void exportRangeRequested(view::TimeRange range, const QString& formatId);
  // "Use as A/B baseline" picked `run`: the rest of the window compares with it too.
  void idleBaselineChanged(std::size_t run);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void keyReleaseEvent(QKeyEvent* event) override;
  void focusOutEvent(QFocusEvent* event) override;
  void leaveEvent(QEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;

 private:
  static constexpr int kLabelWidth = 230;
  static constexpr int kRulerHeight = 26;

  void relayout();
  void viewportChanged();
  void updateScrollRange();
  double lanesWidth() const;
  double lanesHeight() const;
  double xInLanes(QPointF pos) const { return pos.x() - kLabelWidth; }
  void setHover(std::optional<view::Hit> hit, QPoint globalPos);
  void stepKeys();
  // The step of one press of W/A/S/D, before holding it moves on smoothly.
  void tapKey(int key);
  // The user zoomed or panned: from now on a resize keeps the zoom level rather than what was shown.
  void userMoved();
  // Selection of an interval by any means: the flow and the search position follow it.
  void setSelectedHit(std::optional<view::Hit> hit);
  void emitSearchPosition();
  void forgetHover();
  void scrollToSlot(std::size_t slot);
  // Pans the least that shows all of `range` (centred when it is wider than the view), zoom kept.
  void panIntoView(view::TimeRange range);

  std::shared_ptr<Document> doc_;
  view::Viewport viewport_;
  std::vector<bool> collapsed_;
  view::LaneArrangement arrangement_;
  view::LaneLayout layout_;
  view::DrawList list_;
  bool list_dirty_ = true;
  std::vector<QString> headlines_;
  std::vector<bool> run_marked_;  // per run: a job's straggler
  std::vector<std::string> run_names_;  // as the run headers show them
  // What the pinned band draws (unscrolled), built when first asked for after the view changed.
  std::optional<view::DrawList> pinned_list_;
  view::SearchMarks pinned_marks_;
  QScrollBar* vscroll_ = nullptr;

  // What a resize keeps in view: everything, a range asked for, or the zoom level the user chose.
  enum class Shown { Fitted, Range, AsMoved };
  Shown shown_ = Shown::Fitted;
  view::TimeRange shown_range_;

  enum class Drag { None, Pan, Select, Lane };
  Drag drag_ = Drag::None;
  // A lane's name pressed: a click expands or collapses the lane, a drag moves it (docs/gui.md
  // convention 4) next to the lane it is dropped on.
  struct LaneDrop {
    std::size_t lane;  // model lane dropped on
    bool below;        // on its lower half
  };
  std::optional<LaneDrop> laneDropAt(double widgetY) const;
  std::size_t dragged_lane_ = 0;
  std::optional<LaneDrop> lane_drop_;
  QPointF press_pos_;
  double press_start_ns_ = 0;
  double select_anchor_ns_ = 0;
  bool moved_ = false;
  bool double_clicked_ = false;  // the next release ends a double-click

  std::optional<view::Hit> hover_;
  std::optional<view::Hit> selected_;

  view::SearchResult search_;
  view::SearchMarks marks_;  // of list_, rebuilt with it
  view::Marks time_marks_;   // M's bands
  bool range_selected_last_ = false;  // M marks the range rather than the selected interval
  bool flows_shown_ = true;
  std::optional<view::Flow> flow_;
  std::optional<view::Flow> hover_flow_;

  // W/A/S/D held down: zoom and pan speed up the longer a key is held (Perfetto's feel).
  QTimer key_timer_;
  QElapsedTimer key_held_;
  QSet<int> held_keys_;
  bool fast_keys_ = false;
  QPointF last_mouse_;
};

}  // namespace feedscope::ui
