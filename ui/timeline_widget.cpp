// Timeline interaction: zoom, pan, selection, hover and keys; painting is delegated.
#include "ui/timeline_widget.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QFontMetrics>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <utility>

#include "present/phrases.h"
#include "trace/units.h"
#include "view/elide.h"
#include "view/lane_step.h"
#include "view/peer_wait_jump.h"

namespace feedscope::ui {
namespace {

// Wheel notches: 120 units per notch, each zooms by about 20 %.
constexpr double kWheelZoomBase = 1.0015;
// Mouse travel below this is a click, not a drag.
constexpr double kClickSlopPx = 3;
// One tap of W or S zooms by this factor; one tap of A or D pans by this share of the width.
constexpr double kTapZoom = 1.2;
constexpr double kTapPanShare = 0.1;
// Run names in the run headers: long ones cut by view/elide.h's rule, the headline after them.
constexpr std::size_t kRunHeaderNameChars = 48;

// W/A/S/D by physical position where the platform tells it (X11 key codes), else by key, so that
// AZERTY and other layouts use the same four keys under the left hand.
int physicalWasd(const QKeyEvent* e) {
  switch (e->nativeScanCode()) {
    case 25:
      return Qt::Key_W;
    case 38:
      return Qt::Key_A;
    case 39:
      return Qt::Key_S;
    case 40:
      return Qt::Key_D;
    default:
      break;
  }
  switch (e->key()) {
    case Qt::Key_W:
    case Qt::Key_A:
    case Qt::Key_S:
    case Qt::Key_D:
      return e->key();
    default:
      return 0;
  }
}

}  // namespace

TimelineWidget::TimelineWidget(QWidget* parent) : QWidget(parent) {
  setObjectName("timeline");
  setMouseTracking(true);
  setFocusPolicy(Qt::StrongFocus);
  setMinimumSize(480, 200);
  setAttribute(Qt::WA_OpaquePaintEvent);
  vscroll_ = new QScrollBar(Qt::Vertical, this);
  vscroll_->setObjectName("timelineScroll");
  connect(vscroll_, &QScrollBar::valueChanged, this, [this] {
    list_dirty_ = true;
    update();
  });
  key_timer_.setInterval(16);
  connect(&key_timer_, &QTimer::timeout, this, &TimelineWidget::stepKeys);
}

void TimelineWidget::setDocument(std::shared_ptr<Document> doc) {
  doc_ = std::move(doc);
  hover_.reset();
  selected_.reset();
  flow_.reset();
  const std::string query = search_.query();
  search_ = doc_ && doc_->timeline ? view::SearchResult::find(*doc_->timeline, query) : view::SearchResult();
  viewport_.clearSelection();
  time_marks_.clear();
  headlines_.clear();
  run_marked_.clear();
  run_names_.clear();
  collapsed_.clear();
  arrangement_ = {};
  if (doc_ && doc_->timeline) {
    collapsed_ = view::defaultCollapsed(*doc_->timeline);
    std::vector<std::string> names;
    for (std::size_t r = 0; r < doc_->analyses.size(); ++r) {
      const auto& a = doc_->analyses[r];
      const auto& rank = r < doc_->job_view.ranks.size() ? doc_->job_view.ranks[r] : std::nullopt;
      const bool straggler = rank && !rank->straggler_mark.empty();
      // The straggler says so first: its header is the one to find among the ranks.
      headlines_.push_back(QString::fromStdString(" — " + (straggler ? "⚑ " + rank->straggler_mark + " · " : std::string()) +
                                                  present::runHeadline(a)));
      run_marked_.push_back(straggler);
      names.push_back(a.run_name);
    }
    run_names_ = view::distinctNames(names, kRunHeaderNameChars);
  }
  relayout();
  fit();
  emit selectionChanged(std::nullopt);
  emit flowChanged(false, false);
  emitSearchPosition();
}

void TimelineWidget::setAlignment(view::Alignment alignment) {
  if (!doc_ || !doc_->timeline) return;
  doc_->timeline->setAlignment(alignment);
  viewport_.setContent(doc_->timeline->contentRange());
  viewport_.clearSelection();
  time_marks_.clear();  // marks are in display time, which the alignment just moved
  fit();
  emit selectionChanged(std::nullopt);
}

double TimelineWidget::lanesWidth() const {
  return std::max(1, width() - kLabelWidth - vscroll_->sizeHint().width());
}

double TimelineWidget::lanesHeight() const {
  return std::max(1, height() - kRulerHeight);
}

double TimelineWidget::contentYAt(int widgetY) const {
  // The pinned band stays at the top: what lies under it is not scrolled.
  const double y = widgetY - kRulerHeight;
  if (y < layout_.pinned_height) return y;
  return y + vscroll_->value();
}

void TimelineWidget::relayout() {
  if (doc_ && doc_->timeline) {
    layout_ = view::layoutLanes(*doc_->timeline, collapsed_, {}, arrangement_);
    viewport_.setContent(doc_->timeline->contentRange());
  } else {
    layout_ = {};
  }
  updateScrollRange();
  viewportChanged();
}

void TimelineWidget::updateScrollRange() {
  int sb = vscroll_->sizeHint().width();
  vscroll_->setGeometry(width() - sb, kRulerHeight, sb, height() - kRulerHeight);
  vscroll_->setRange(0, std::max(0, static_cast<int>(std::ceil(layout_.height - lanesHeight()))));
  vscroll_->setPageStep(static_cast<int>(lanesHeight()));
  vscroll_->setSingleStep(16);
}

void TimelineWidget::viewportChanged() {
  list_dirty_ = true;
  update();
  emit viewChanged();
}

const view::DrawList& TimelineWidget::drawList() {
  if (list_dirty_) {
    viewport_.setWidth(lanesWidth());
    if (doc_ && doc_->timeline) {
      list_ = view::buildDrawList(*doc_->timeline, layout_, viewport_, vscroll_->value(), lanesHeight());
    } else {
      list_ = {};
    }
    marks_ = view::markMatches(search_, list_, layout_);
    pinned_list_.reset();
    list_dirty_ = false;
  }
  return list_;
}

const view::DrawList& TimelineWidget::pinnedList() {
  drawList();  // brings the viewport's width up to date and drops a stale band
  if (!pinned_list_) {
    pinned_list_ = doc_ && doc_->timeline && layout_.pinned_height > 0
                       ? view::buildDrawList(*doc_->timeline, layout_, viewport_, 0, layout_.pinned_height)
                       : view::DrawList{};
    pinned_marks_ = view::markMatches(search_, *pinned_list_, layout_);
  }
  return *pinned_list_;
}

std::optional<view::Hit> TimelineWidget::hitAt(QPoint pos) {
  if (!doc_ || pos.x() < kLabelWidth || pos.y() < kRulerHeight) return std::nullopt;
  const bool inPinnedBand = pos.y() - kRulerHeight < layout_.pinned_height;
  return view::hitTest(inPinnedBand ? pinnedList() : drawList(), layout_, xInLanes(pos), contentYAt(pos.y()));
}

void TimelineWidget::fit() {
  viewport_.setWidth(lanesWidth());
  viewport_.fit();
  shown_ = Shown::Fitted;
  viewportChanged();
}

void TimelineWidget::zoomBy(double factor) {
  viewport_.zoomAt(lanesWidth() / 2, factor);
  userMoved();
}

void TimelineWidget::userMoved() {
  shown_ = Shown::AsMoved;
  viewportChanged();
}

void TimelineWidget::focusSelectionOrFit() {
  const auto& sel = viewport_.selection();
  if (sel) {
    view::TimeRange vis = viewport_.visible();
    bool alreadyShown = std::fabs(vis.start - sel->start) < viewport_.nsPerPx() &&
                        std::fabs(vis.end - sel->end) < viewport_.nsPerPx();
    if (!alreadyShown) {
      showRange(*sel);
      return;
    }
  }
  fit();
}

void TimelineWidget::showRange(view::TimeRange range, bool selectIt) {
  forgetHover();
  viewport_.setWidth(lanesWidth());
  viewport_.showRange(range);
  shown_ = Shown::Range;
  shown_range_ = range;
  if (selectIt) selectRange(range);
  viewportChanged();
}

void TimelineWidget::selectRange(std::optional<view::TimeRange> range) {
  if (range) {
    viewport_.select(*range);
    range_selected_last_ = true;
  } else {
    viewport_.clearSelection();
  }
  update();
  emit selectionChanged(viewport_.selection());
}

void TimelineWidget::clearSelection() {
  setSelectedHit(std::nullopt);
  selectRange(std::nullopt);
}

std::optional<view::ItemRef> TimelineWidget::selectedItem() const {
  if (!selected_ || selected_->kind != view::Hit::Kind::Interval) return std::nullopt;
  return view::ItemRef{selected_->lane, selected_->row, selected_->item};
}

void TimelineWidget::setSelectedHit(std::optional<view::Hit> hit) {
  selected_ = hit;
  if (hit) range_selected_last_ = false;
  std::optional<view::Flow> flow;
  if (flows_shown_ && doc_ && doc_->timeline) {
    if (auto item = selectedItem()) flow = view::flowOf(*doc_->timeline, *item);
  }
  flow_ = flow;
  update();
  emit flowChanged(flow_.has_value(), flow_ && selectedItem() && flow_->launch == *selectedItem());
  emitSearchPosition();
}

void TimelineWidget::scrollToSlot(std::size_t slot) {
  const auto& s = layout_.row_slots[slot];
  const double top = vscroll_->value(), bottom = top + lanesHeight();
  if (s.y >= top && s.y + s.height <= bottom) return;
  // Into the upper third, so that the lanes below (where a flow's other end often is) show too.
  vscroll_->setValue(static_cast<int>(std::max(0.0, s.y - lanesHeight() / 3)));
}

int TimelineWidget::rowScroll() const {
  return vscroll_->value();
}

void TimelineWidget::revealRun(std::size_t run) {
  for (const auto& rp : layout_.runs) {
    if (rp.run != run) continue;
    const double top = vscroll_->value(), bottom = top + lanesHeight();
    if (rp.y >= top && rp.y + rp.height <= bottom) return;
    // The header at the top: the run's lanes (a straggler's, among 32 ranks) fill the view below it.
    forgetHover();
    vscroll_->setValue(static_cast<int>(std::min(rp.y, static_cast<double>(vscroll_->maximum()))));
    return;
  }
}

void TimelineWidget::selectItem(const view::ItemRef& item, bool zoom) {
  if (!doc_ || !doc_->timeline) return;
  const auto& lanes = doc_->timeline->lanes();
  if (item.lane >= lanes.size() || item.row >= lanes[item.lane].rows.size()) return;
  auto slot = view::slotOf(layout_, item.lane, item.row);
  if (!slot) return;
  view::Hit hit;
  hit.kind = view::Hit::Kind::Interval;
  hit.slot = *slot;
  hit.lane = item.lane;
  hit.row = item.row;
  hit.item = item.item;
  hit.end_item = item.item + 1;
  scrollToSlot(*slot);
  view::TimeRange r = view::itemRange(*doc_->timeline, item);
  if (zoom) {
    showRange({r.start - r.length(), r.end + r.length()});
  } else if (r.end < viewport_.visible().start || r.start > viewport_.visible().end) {
    // Off screen: pan it to the middle at the same zoom.
    viewport_.panPx(viewport_.toPx((r.start + r.end) / 2) - viewport_.width() / 2);
    userMoved();
  }
  setSelectedHit(hit);
  emit itemActivated(view::describeInterval(*doc_->timeline, item.lane, item.row, item.item));
}

bool TimelineWidget::toggleMark() {
  if (!doc_ || !doc_->timeline) return false;
  // What the user selected last: an interval clicked after a range was dragged is the one meant, and
  // a range dragged after a click.
  std::optional<view::TimeRange> span;
  auto item = selectedItem();
  if (viewport_.selection() && (range_selected_last_ || !item)) {
    span = viewport_.selection();
  } else if (item) {
    span = view::itemRange(*doc_->timeline, *item);
  }
  if (!span) return false;
  time_marks_.toggle(*span);
  update();
  return true;
}

void TimelineWidget::clearMarks() {
  time_marks_.clear();
  update();
}

bool TimelineWidget::stepAlongLane(bool forward) {
  auto current = selectedItem();
  if (!current || !doc_ || !doc_->timeline) return false;
  auto next = view::stepAlongLane(*doc_->timeline, *current, forward);
  if (!next) return false;
  selectItem(*next, false);
  panIntoView(view::itemRange(*doc_->timeline, *next));
  return true;
}

void TimelineWidget::panIntoView(view::TimeRange range) {
  const view::TimeRange shown = viewport_.visible();
  if (range.start >= shown.start && range.end <= shown.end) return;
  forgetHover();
  // A margin of a twentieth of the view, so that the interval does not sit on the edge.
  const double margin = shown.length() / 20;
  double shiftNs;
  if (range.length() + 2 * margin >= shown.length()) {
    shiftNs = (range.start + range.end) / 2 - (shown.start + shown.end) / 2;
  } else if (range.start < shown.start) {
    shiftNs = range.start - margin - shown.start;
  } else {
    shiftNs = range.end + margin - shown.end;
  }
  viewport_.panPx(viewport_.toPx(shown.start + shiftNs) - viewport_.toPx(shown.start));
  userMoved();
}

void TimelineWidget::setSearchQuery(const QString& query) {
  const std::string q = query.toStdString();
  if (q == search_.query()) return;
  search_ = doc_ && doc_->timeline ? view::SearchResult::find(*doc_->timeline, q) : view::SearchResult();
  list_dirty_ = true;
  update();
  emitSearchPosition();
}

bool TimelineWidget::searchStep(bool forward) {
  if (!doc_ || !doc_->timeline || search_.count() == 0) return false;
  const auto& model = *doc_->timeline;
  std::optional<view::ItemRef> target;
  auto current = selectedItem();
  if (current) {
    target = forward ? search_.next(model, *current) : search_.previous(model, *current);
  } else {
    target = search_.firstFrom(model, viewport_.visible().start);
    if (target && !forward) target = search_.previous(model, *target);
  }
  // Matches in hidden lanes or folded runs are stepped over: they cannot be shown.
  for (std::size_t tries = 0; target && tries < search_.count(); ++tries) {
    if (view::slotOf(layout_, target->lane, target->row)) break;
    target = forward ? search_.next(model, *target) : search_.previous(model, *target);
  }
  if (!target || !view::slotOf(layout_, target->lane, target->row)) return false;
  selectItem(*target, true);
  return true;
}

void TimelineWidget::emitSearchPosition() {
  long current = -1;
  if (auto item = selectedItem(); item && doc_ && doc_->timeline && search_.contains(*item))
    current = static_cast<long>(search_.ordinal(*doc_->timeline, *item));
  emit searchChanged(search_.count(), current);
}

void TimelineWidget::setFlowsShown(bool shown) {
  flows_shown_ = shown;
  setSelectedHit(selected_);
}

bool TimelineWidget::jumpAlongFlow() {
  auto item = selectedItem();
  if (!flow_ || !item) return false;
  selectItem(view::otherEnd(*flow_, *item), false);
  forgetHover();
  return true;
}

void TimelineWidget::forgetHover() {
  // The view moved under a mouse that did not: what was under it is not any more, and its tooltip
  // would describe another interval than the one now there (J, keys, a finding's click).
  if (!hover_) return;
  hover_.reset();
  hover_flow_.reset();
  QToolTip::hideText();
  update();
}

void TimelineWidget::setArrangement(view::LaneArrangement arrangement) {
  arrangement_ = std::move(arrangement);
  hover_.reset();
  relayout();
  // A selected interval whose lane went away is no longer selected.
  if (auto item = selectedItem()) {
    if (auto slot = view::slotOf(layout_, item->lane, item->row)) {
      selected_->slot = *slot;
    } else {
      setSelectedHit(std::nullopt);
    }
  }
}

void TimelineWidget::fillLaneMenu(QMenu& menu, std::size_t lane) {
  if (!doc_ || !doc_->timeline || lane >= doc_->timeline->lanes().size()) return;
  const auto& model = *doc_->timeline;
  const view::Lane& l = model.lanes()[lane];
  auto change = [this](auto&& edit) {
    return [this, edit] {
      view::LaneArrangement a = arrangement_;
      edit(a);
      setArrangement(std::move(a));
    };
  };
  menu.addAction(tr("Hide this lane"), this, change([lane](view::LaneArrangement& a) { a.setHidden(lane, true); }))
      ->setObjectName("menuHideLane");
  const bool pinned = arrangement_.isPinned(lane);
  menu.addAction(pinned ? tr("Unpin") : tr("Pin to the top"), this,
                 change([lane, pinned](view::LaneArrangement& a) { a.setPinned(lane, !pinned); }))
      ->setObjectName("menuPinLane");
  menu.addAction(tr("Move up"), this, change([this, lane](view::LaneArrangement& a) {
                   a.move(*doc_->timeline, lane, -1);
                 }))->setObjectName("menuMoveUp");
  menu.addAction(tr("Move down"), this, change([this, lane](view::LaneArrangement& a) {
                   a.move(*doc_->timeline, lane, 1);
                 }))->setObjectName("menuMoveDown");
  if (l.track != nullptr && !l.track->isGpu() && l.track->pid >= 0) {
    menu.addAction(tr("Collapse process %1").arg(l.track->pid), this,
                   change([run = l.run, pid = l.track->pid](view::LaneArrangement& a) {
                     a.setProcessCollapsed(run, pid, true);
                   }))->setObjectName("menuCollapseProcess");
    menu.addAction(tr("Hide process %1").arg(l.track->pid), this,
                   change([this, run = l.run, pid = l.track->pid](view::LaneArrangement& a) {
                     a.hideProcess(*doc_->timeline, run, pid);
                   }))->setObjectName("menuHideProcess");
  }
  const std::size_t run = l.run;
  menu.addAction(tr("Collapse run %1").arg(QString::fromStdString(model.runs()[run].name)), this,
                 change([run](view::LaneArrangement& a) { a.setRunCollapsed(run, true); }))
      ->setObjectName("menuCollapseRun");
  if (const std::size_t hidden = arrangement_.hiddenCount(); hidden > 0) {
    menu.addAction(tr("Show %n hidden lane(s)", "", static_cast<int>(hidden)), this,
                   change([](view::LaneArrangement& a) { a.showAll(); }))
        ->setObjectName("menuShowHidden");
  }
}

std::optional<TimelineWidget::LaneDrop> TimelineWidget::laneDropAt(double widgetY) const {
  if (!doc_ || !doc_->timeline) return std::nullopt;
  const double y = contentYAt(static_cast<int>(widgetY));
  auto k = layout_.laneAt(y);
  if (!k) return std::nullopt;
  const view::LanePlacement& lp = layout_.lanes[*k];
  LaneDrop drop{lp.lane, y > lp.y + lp.height / 2};
  // Only where the lane may go (its own run, or among the pinned): elsewhere no drop line shows.
  view::LaneArrangement trial = arrangement_;
  if (!trial.moveNextTo(*doc_->timeline, dragged_lane_, drop.lane, drop.below)) return std::nullopt;
  return drop;
}

void TimelineWidget::fillRunMenu(QMenu& menu, std::size_t run) {
  if (!doc_ || !doc_->timeline || run >= doc_->timeline->runs().size()) return;
  const auto& model = *doc_->timeline;
  if (model.runs().size() > 1) {
    QAction* baseline = menu.addAction(tr("Use as A/B baseline"), this, [this, run] { setIdleBaseline(run); });
    baseline->setObjectName("menuAbBaseline");
    baseline->setCheckable(true);
    baseline->setChecked(model.idleBaseline() == run);
    baseline->setToolTip(tr("The other runs' idle-difference lanes compare their steps with this run's"));
  }
  const bool folded = arrangement_.isRunCollapsed(run);
  menu.addAction(folded ? tr("Expand run") : tr("Collapse run"), this, [this, run, folded] {
        view::LaneArrangement a = arrangement_;
        a.setRunCollapsed(run, !folded);
        setArrangement(std::move(a));
      })->setObjectName("menuFoldRun");
}

void TimelineWidget::setIdleBaseline(std::size_t run) {
  if (!doc_ || !doc_->timeline || !doc_->timeline->setIdleBaseline(run)) return;
  refreshIdleLanes();
  emit idleBaselineChanged(run);
}

void TimelineWidget::refreshIdleLanes() {
  if (!doc_ || !doc_->timeline) return;
  // The A/B lanes were refilled: an interval selected or hovered on one may be gone.
  auto onAbLane = [this](const std::optional<view::Hit>& hit) {
    return hit && doc_->timeline->lanes()[hit->lane].kind == view::LaneKind::IdleDifference;
  };
  if (onAbLane(hover_)) hover_.reset();
  if (onAbLane(selected_)) setSelectedHit(std::nullopt);
  relayout();
  if (auto item = selectedItem()) {
    if (auto slot = view::slotOf(layout_, item->lane, item->row)) selected_->slot = *slot;
  }
  update();
}

void TimelineWidget::setLaneCollapsed(std::size_t lane, bool collapsed) {
  if (lane >= collapsed_.size()) return;
  collapsed_[lane] = collapsed;
  hover_.reset();
  relayout();
  // The selection keeps its interval; only where its row is drawn changed.
  if (auto item = selectedItem()) {
    if (auto slot = view::slotOf(layout_, item->lane, item->row)) selected_->slot = *slot;
  }
}

void TimelineWidget::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  TimelineFrame frame;
  if (doc_ && doc_->timeline) {
    frame.model = doc_->timeline.get();
    frame.layout = &layout_;
    frame.list = &drawList();
    frame.viewport = &viewport_;
    frame.scroll_y = vscroll_->value();
    frame.label_width = kLabelWidth;
    frame.ruler_height = kRulerHeight;
    frame.run_headlines = headlines_;
    frame.run_marked = run_marked_;
    frame.run_names = run_names_;
    frame.alignment_note =
        QString::fromStdString(std::string(view::alignmentLabel(doc_->timeline->alignment())));
    frame.hover = hover_;
    frame.selected = selected_;
    frame.search = search_.active() ? &marks_ : nullptr;
    frame.marks = &time_marks_;
    frame.flow = flow_;
    if (hover_flow_ != flow_) frame.hover_flow = hover_flow_;
  }
  QSize area(width() - vscroll_->width(), height());
  // The corner above the scroll bar belongs to the ruler band.
  painter.fillRect(QRect(area.width(), 0, vscroll_->width(), kRulerHeight),
                   TimelineTheme::fromPalette(palette()).header);
  painter.setClipRect(QRect(QPoint(0, 0), area));
  paintTimeline(painter, area, frame, TimelineTheme::fromPalette(palette()));
  if (frame.model != nullptr && layout_.pinned_height > 0 && vscroll_->value() > 0) {
    // docs/gui.md convention 4: the pinned lanes stay at the top while the rest scrolls under them.
    TimelineFrame band = frame;
    band.scroll_y = 0;
    band.list = &pinnedList();
    band.search = search_.active() ? &pinned_marks_ : nullptr;
    const int bandHeight = static_cast<int>(std::ceil(layout_.pinned_height));
    painter.save();
    painter.setClipRect(QRect(0, kRulerHeight, area.width(), bandHeight));
    paintTimeline(painter, QSize(area.width(), kRulerHeight + bandHeight), band, TimelineTheme::fromPalette(palette()));
    painter.restore();
    painter.setPen(QPen(palette().color(QPalette::Mid), 1));
    painter.drawLine(QPointF(0, kRulerHeight + bandHeight - 0.5), QPointF(area.width(), kRulerHeight + bandHeight - 0.5));
  }
  if (lane_drop_) {
    // Where the dragged lane will land: a line over the lane it goes above or below.
    if (const view::LanePlacement* lp = layout_.placementOf(lane_drop_->lane)) {
      const double y = kRulerHeight + lp->y + (lane_drop_->below ? lp->height : 0) - vscroll_->value();
      painter.setPen(QPen(palette().color(QPalette::Highlight), 3));
      painter.drawLine(QPointF(0, y), QPointF(area.width(), y));
    }
  }
  if (!doc_) {
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(rect(), Qt::AlignCenter,
                     tr("Open a .feedscope session or a PyTorch-profiler trace (Ctrl+O)"));
  }
}

void TimelineWidget::resizeEvent(QResizeEvent*) {
  updateScrollRange();
  viewport_.setWidth(lanesWidth());
  // What was asked for (everything, or a finding's evidence) stays shown at any width, rather than
  // keeping the zoom level and leaving half the widened view empty; a view the user moved keeps its zoom.
  if (shown_ == Shown::Fitted) viewport_.fit();
  if (shown_ == Shown::Range) viewport_.showRange(shown_range_);
  viewportChanged();
}

void TimelineWidget::wheelEvent(QWheelEvent* event) {
  QPointF pos = event->position();
  QPoint delta = event->angleDelta();
  // docs/gui.md, as in Nsight Systems and Perfetto: the wheel scrolls the rows, Ctrl+wheel zooms at the
  // cursor, Shift+wheel or a horizontal wheel pans.
  if (event->modifiers() & Qt::ControlModifier) {
    double anchor = pos.x() >= kLabelWidth ? xInLanes(pos) : lanesWidth() / 2;
    viewport_.zoomAt(anchor, std::pow(kWheelZoomBase, delta.y()));
    userMoved();
  } else if ((event->modifiers() & Qt::ShiftModifier) || delta.x() != 0) {
    int d = delta.x() != 0 ? delta.x() : delta.y();
    viewport_.panPx(-d / 2.0);
    userMoved();
  } else {
    vscroll_->setValue(vscroll_->value() - delta.y() / 2);
  }
  event->accept();
}

void TimelineWidget::mousePressEvent(QMouseEvent* event) {
  setFocus(Qt::MouseFocusReason);
  QPointF pos = event->position();
  press_pos_ = pos;
  moved_ = false;
  if (!doc_) return;
  if (event->button() == Qt::LeftButton && pos.x() < kLabelWidth && pos.y() >= kRulerHeight) {
    // A click on a folded process's band opens it again.
    if (auto band = layout_.processBandAt(contentYAt(static_cast<int>(pos.y())))) {
      const auto& p = layout_.processes[*band];
      view::LaneArrangement a = arrangement_;
      a.setProcessCollapsed(p.run, p.pid, false);
      setArrangement(std::move(a));
      return;
    }
    // A click on a run's name folds the run to its header, or opens it again.
    if (auto run = layout_.runHeaderAt(contentYAt(static_cast<int>(pos.y())))) {
      view::LaneArrangement a = arrangement_;
      a.setRunCollapsed(*run, !a.isRunCollapsed(*run));
      setArrangement(std::move(a));
      return;
    }
  }
  if (event->button() == Qt::LeftButton && pos.x() < kLabelWidth && pos.y() >= kRulerHeight) {
    // A lane's name: a click (on release) expands or collapses the lane, a drag moves it.
    if (auto k = layout_.laneAt(contentYAt(static_cast<int>(pos.y())))) {
      drag_ = Drag::Lane;
      dragged_lane_ = layout_.lanes[*k].lane;
    }
    return;
  }
  // docs/gui.md (Perfetto's bindings): a drag selects a time range, on the ruler or over the lanes;
  // Shift+drag or the middle button pans.
  bool panning = event->button() == Qt::MiddleButton ||
                 (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ShiftModifier) &&
                  pos.y() >= kRulerHeight);
  bool selecting = event->button() == Qt::LeftButton && !panning;
  if (selecting) {
    drag_ = Drag::Select;
    select_anchor_ns_ = viewport_.toTime(xInLanes(pos));
  } else if (panning) {
    drag_ = Drag::Pan;
    press_start_ns_ = viewport_.startNs();
    setCursor(Qt::ClosedHandCursor);
  }
}

void TimelineWidget::mouseMoveEvent(QMouseEvent* event) {
  QPointF pos = event->position();
  last_mouse_ = pos;
  if (std::abs(pos.x() - press_pos_.x()) > kClickSlopPx || std::abs(pos.y() - press_pos_.y()) > kClickSlopPx)
    moved_ = true;
  if (drag_ == Drag::Pan && moved_) {
    double dx = pos.x() - press_pos_.x();
    viewport_.panPx((press_start_ns_ - viewport_.startNs()) / viewport_.nsPerPx() - dx);
    vscroll_->setValue(vscroll_->value() - static_cast<int>(pos.y() - press_pos_.y()));
    press_pos_.setY(pos.y());
    userMoved();
    return;
  }
  if (drag_ == Drag::Lane) {
    if (moved_) {
      setCursor(Qt::ClosedHandCursor);
      lane_drop_ = laneDropAt(pos.y());
      update();
    }
    return;
  }
  if (drag_ == Drag::Select && moved_) {
    double t = viewport_.toTime(std::clamp(xInLanes(pos), 0.0, lanesWidth()));
    viewport_.select({select_anchor_ns_, t});
    update();
    return;
  }
  if (drag_ == Drag::None) setHover(hitAt(pos.toPoint()), event->globalPosition().toPoint());
}

void TimelineWidget::mouseReleaseEvent(QMouseEvent* event) {
  Drag was = drag_;
  drag_ = Drag::None;
  unsetCursor();
  if (!doc_) return;
  // The release that ends a double-click: after its zoom another interval lies under the cursor, and
  // the double-clicked one must stay selected.
  if (std::exchange(double_clicked_, false)) return;
  if (was == Drag::Lane) {
    const std::optional<LaneDrop> drop = std::exchange(lane_drop_, std::nullopt);
    if (!moved_) {
      const view::LanePlacement* lp = layout_.placementOf(dragged_lane_);
      const auto& lane = doc_->timeline->lanes()[dragged_lane_];
      if (lp != nullptr && lane.rows.size() > 1 && !lane.stacked) setLaneCollapsed(dragged_lane_, !lp->collapsed);
    } else if (drop) {
      view::LaneArrangement a = arrangement_;
      if (a.moveNextTo(*doc_->timeline, dragged_lane_, drop->lane, drop->below)) setArrangement(std::move(a));
    }
    update();
    return;
  }
  if (was == Drag::Select && moved_) {
    range_selected_last_ = true;
    emit selectionChanged(viewport_.selection());
    return;
  }
  if (event->button() == Qt::LeftButton && !moved_ && event->position().x() >= kLabelWidth) {
    const auto hit = hitAt(event->position().toPoint());
    // docs/gui.md "Jobs": a click on a wait for a peer goes to where that peer arrived.
    if (hit && hit->kind == view::Hit::Kind::Interval && jumpToLateArrival(view::ItemRef{hit->lane, hit->row, hit->item}))
      return;
    setSelectedHit(hit);
    if (selected_) emit itemActivated(view::describeHit(*doc_->timeline, *selected_, viewport_));
  }
}

bool TimelineWidget::jumpToLateArrival(const view::ItemRef& wait) {
  if (!doc_ || !doc_->timeline || wait.lane >= doc_->timeline->lanes().size()) return false;
  const auto& lane = doc_->timeline->lanes()[wait.lane];
  if (lane.kind != view::LaneKind::PeerWait || wait.row >= lane.rows.size()) return false;
  const view::PeerWait* w = lane.rows[wait.row].peerWait(wait.item);
  if (w == nullptr) return false;
  const std::optional<view::ItemRef> arrival = view::lateArrivalOf(*doc_->timeline, *w);
  if (!arrival) return false;
  selectItem(*arrival, false);
  return true;
}

void TimelineWidget::mouseDoubleClickEvent(QMouseEvent* event) {
  auto hit = hitAt(event->position().toPoint());
  if (!hit || !doc_) return;
  // The double-clicked interval (or pixel column of folded ones) is selected and fills the view, with
  // a fortieth of it as margin on each side so that its edges show (Perfetto's and Nsight's habit).
  const auto& lane = doc_->timeline->lanes()[hit->lane];
  const auto& row = lane.rows[hit->row];
  view::TimeRange r;
  if (hit->kind == view::Hit::Kind::Interval) {
    r = {doc_->timeline->toDisplay(lane.run, row.start(hit->item)),
         doc_->timeline->toDisplay(lane.run, row.end(hit->item))};
  } else {
    r = {viewport_.toTime(hit->column), viewport_.toTime(hit->column + 1)};
  }
  double_clicked_ = true;
  if (hit->kind == view::Hit::Kind::Interval) {
    setSelectedHit(hit);
    emit itemActivated(view::describeHit(*doc_->timeline, *selected_, viewport_));
  }
  showRange({r.start - r.length() / 40, r.end + r.length() / 40});
  shown_ = Shown::AsMoved;
}

void TimelineWidget::keyPressEvent(QKeyEvent* event) {
  int key = physicalWasd(event);
  if (key == 0) {
    QWidget::keyPressEvent(event);
    return;
  }
  fast_keys_ = event->modifiers() & Qt::ShiftModifier;
  if (!event->isAutoRepeat() && !held_keys_.contains(key)) {
    if (held_keys_.isEmpty()) key_held_.start();
    held_keys_.insert(key);
    tapKey(key);
    key_timer_.start();
  }
  event->accept();
}

void TimelineWidget::keyReleaseEvent(QKeyEvent* event) {
  int key = physicalWasd(event);
  if (key == 0 || event->isAutoRepeat()) {
    QWidget::keyReleaseEvent(event);
    return;
  }
  held_keys_.remove(key);
  if (held_keys_.isEmpty()) key_timer_.stop();
  event->accept();
}

void TimelineWidget::focusOutEvent(QFocusEvent* event) {
  held_keys_.clear();
  key_timer_.stop();
  QWidget::focusOutEvent(event);
}

void TimelineWidget::tapKey(int key) {
  forgetHover();
  // docs/gui.md convention 1: a tap moves a step a user sees (ten taps of S zoom out about six
  // times), holding the key goes on smoothly from there (stepKeys, every 16 ms).
  const double anchor = last_mouse_.x() >= kLabelWidth ? xInLanes(last_mouse_) : lanesWidth() / 2;
  const double zoom = fast_keys_ ? kTapZoom * kTapZoom : kTapZoom;
  const double pan = lanesWidth() * kTapPanShare * (fast_keys_ ? 3.0 : 1.0);
  if (key == Qt::Key_W) viewport_.zoomAt(anchor, zoom);
  if (key == Qt::Key_S) viewport_.zoomAt(anchor, 1.0 / zoom);
  if (key == Qt::Key_A) viewport_.panPx(-pan);
  if (key == Qt::Key_D) viewport_.panPx(pan);
  userMoved();
}

void TimelineWidget::stepKeys() {
  // Up to 4x faster after a second held; Shift triples it.
  double held = key_held_.isValid() ? static_cast<double>(key_held_.elapsed()) / 1000.0 : 0;
  double speed = std::min(1.0 + 3.0 * held, 4.0) * (fast_keys_ ? 3.0 : 1.0);
  double anchor = last_mouse_.x() >= kLabelWidth ? xInLanes(last_mouse_) : lanesWidth() / 2;
  if (held_keys_.contains(Qt::Key_W)) viewport_.zoomAt(anchor, 1.0 + 0.03 * speed);
  if (held_keys_.contains(Qt::Key_S)) viewport_.zoomAt(anchor, 1.0 / (1.0 + 0.03 * speed));
  if (held_keys_.contains(Qt::Key_A)) viewport_.panPx(-6 * speed);
  if (held_keys_.contains(Qt::Key_D)) viewport_.panPx(6 * speed);
  userMoved();
}

void TimelineWidget::setHover(std::optional<view::Hit> hit, QPoint globalPos) {
  if (hit == hover_) return;
  hover_ = hit;
  hover_flow_.reset();
  if (flows_shown_ && hover_ && hover_->kind == view::Hit::Kind::Interval && doc_ && doc_->timeline)
    hover_flow_ = view::flowOf(*doc_->timeline, {hover_->lane, hover_->row, hover_->item}, /*nearOnly=*/true);
  update();
  if (hover_ && doc_) {
    QToolTip::showText(
        globalPos,
        QString::fromStdString(view::toText(view::describeHit(*doc_->timeline, *hover_, viewport_))), this);
  } else {
    QToolTip::hideText();
  }
}

void TimelineWidget::leaveEvent(QEvent*) {
  hover_.reset();
  hover_flow_.reset();
  update();
}

void TimelineWidget::contextMenuEvent(QContextMenuEvent* event) {
  if (!doc_) return;
  QMenu menu(this);
  // On a run's header: the run's menu (A/B baseline, fold).
  if (event->pos().y() >= kRulerHeight) {
    if (auto run = layout_.runHeaderAt(contentYAt(event->pos().y()))) {
      fillRunMenu(menu, *run);
      menu.exec(event->globalPos());
      return;
    }
  }
  // On a lane's name: what to do with the lane (hide, pin, move), its process and its run.
  if (event->pos().x() < kLabelWidth && event->pos().y() >= kRulerHeight) {
    if (auto k = layout_.laneAt(contentYAt(event->pos().y()))) {
      fillLaneMenu(menu, layout_.lanes[*k].lane);
      menu.exec(event->globalPos());
      return;
    }
  }
  fillContextMenu(menu, event->pos());
  menu.exec(event->globalPos());
}

void TimelineWidget::fillContextMenu(QMenu& menu, QPoint pos) {
  if (!doc_ || !doc_->timeline) return;
  const auto& model = *doc_->timeline;
  // docs/gui.md convention 3: what is under the cursor first, then the selected range, then the view.
  auto hit = hitAt(pos);
  if (hit && hit->kind == view::Hit::Kind::Interval) {
    const view::ItemRef item{hit->lane, hit->row, hit->item};
    const view::TimeRange r = view::itemRange(model, item);
    const QString name = QString::fromStdString(model.intervalName(model.lanes()[item.lane],
                                                                   model.lanes()[item.lane].rows[item.row], item.item));
    QFontMetrics metrics(menu.font());
    const QString shortName = metrics.elidedText(name, Qt::ElideMiddle, 260);
    menu.addAction(tr("Zoom to %1").arg(shortName), this, [this, item] { selectItem(item, true); })
        ->setObjectName("menuZoomItem");
    menu.addAction(tr("Select its time range"), this, [this, r] { selectRange(r); });
    menu.addAction(tr("Copy name"), this, [name] { QApplication::clipboard()->setText(name); })
        ->setObjectName("menuCopyName");
    const QString duration = QString::fromStdString(trace::formatDuration(static_cast<trace::TimeNs>(std::llround(r.length()))));
    menu.addAction(tr("Copy duration (%1)").arg(duration), this, [duration] { QApplication::clipboard()->setText(duration); })
        ->setObjectName("menuCopyDuration");
    menu.addAction(tr("Copy details"), this, [this, item] {
      QApplication::clipboard()->setText(QString::fromStdString(
          view::toText(view::describeInterval(*doc_->timeline, item.lane, item.row, item.item))));
    });
    if (flows_shown_) {
      if (auto flow = view::flowOf(model, item)) {
        const bool isLaunch = flow->launch == item;
        menu.addAction(isLaunch ? tr("Jump to the GPU operation it launched") : tr("Jump to the launching API call"),
                       this, [this, other = view::otherEnd(*flow, item)] { selectItem(other, false); });
      }
    }
    menu.addSeparator();
  }
  const auto sel = viewport_.selection();
  const view::TimeRange range = sel.value_or(viewport_.visible());
  if (sel) {
    menu.addAction(tr("Zoom into selection"), this, [this, s = *sel] { showRange(s); })->setObjectName("menuZoomSelection");
    menu.addAction(tr("Metrics for this range"), this, [this, s = *sel] { emit selectionChanged(s); });
    menu.addAction(tr("Copy the selection's duration"), this, [s = *sel] {
      QApplication::clipboard()->setText(
          QString::fromStdString(trace::formatDuration(static_cast<trace::TimeNs>(std::llround(s.length())))));
    });
    menu.addAction(tr("Clear selection"), this, &TimelineWidget::clearSelection);
  }
  QMenu* exportMenu = menu.addMenu(sel ? tr("Export the selection") : tr("Export the visible range"));
  exportMenu->setObjectName("menuExportRange");
  exportMenu->addAction(tr("PNG image (every lane)…"), this, [this, range] { emit exportRangeRequested(range, "png"); });
  exportMenu->addAction(tr("HTML report…"), this, [this, range] { emit exportRangeRequested(range, "html"); });
  exportMenu->addAction(tr("Chrome trace (Perfetto)…"), this, [this, range] { emit exportRangeRequested(range, "chrome"); });
  menu.addSeparator();
  menu.addAction(tr("Fit everything"), this, &TimelineWidget::fit);
  menu.addAction(tr("Expand every lane"), this, [this] {
    std::fill(collapsed_.begin(), collapsed_.end(), false);
    relayout();
  });
  menu.addAction(tr("Collapse every lane"), this, [this] {
    collapsed_ = view::defaultCollapsed(*doc_->timeline);
    relayout();
  });
  if (arrangement_.hiddenCount() > 0 || !arrangement_.order.empty() || !arrangement_.collapsed_processes.empty() ||
      std::count(arrangement_.pinned.begin(), arrangement_.pinned.end(), true) > 0 ||
      std::count(arrangement_.run_collapsed.begin(), arrangement_.run_collapsed.end(), true) > 0) {
    menu.addAction(tr("Reset lanes (show, unpin, original order)"), this, [this] { setArrangement({}); });
  }
}

}  // namespace feedscope::ui
