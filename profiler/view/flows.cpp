// Finding the other end of a flow by correlation id.
#include "view/flows.h"

#include <algorithm>

namespace feedscope::view {
namespace {

bool isOperationLane(LaneKind kind) {
  return kind == LaneKind::Kernels || kind == LaneKind::CopyH2D || kind == LaneKind::CopyD2H ||
         kind == LaneKind::CopyOther || kind == LaneKind::Memset;
}

// Items of a row examined first, around where the other end should be: a launch starts shortly before
// its operation. Beyond this window the whole row is scanned, so a skewed clock only costs time.
constexpr std::size_t kNearItems = 4096;

std::optional<ItemRef> findCorrelated(const TimelineModel& model, std::size_t run, bool wantOperation,
                                      std::uint32_t correlation, TimeNs near, bool nearOnly) {
  auto lanesOfRun = [&](auto&& visit) {
    const RunLanes& r = model.runs()[run];
    for (std::size_t l = r.first_lane; l < r.first_lane + r.lane_count; ++l) {
      const LaneKind kind = model.lanes()[l].kind;
      if (wantOperation ? isOperationLane(kind) : kind == LaneKind::ApiCalls) {
        if (auto hit = visit(l)) return hit;
      }
    }
    return std::optional<ItemRef>{};
  };
  auto scan = [&](std::size_t l, std::size_t r, std::size_t from, std::size_t to) -> std::optional<ItemRef> {
    const Row& row = model.lanes()[l].rows[r];
    const auto& c = row.columns();
    for (std::size_t i = from; i < to; ++i) {
      if (c.correlation[row.position(i)] == correlation) return ItemRef{l, r, i};
    }
    return std::nullopt;
  };
  // Near the expected time first: the common case costs a few thousand comparisons.
  auto nearFirst = lanesOfRun([&](std::size_t l) -> std::optional<ItemRef> {
    const Lane& lane = model.lanes()[l];
    for (std::size_t r = 0; r < lane.rows.size(); ++r) {
      const Row& row = lane.rows[r];
      std::size_t pivot = row.firstStartingAtOrAfter({near, 0.0});
      std::size_t from = pivot > kNearItems ? pivot - kNearItems : 0;
      std::size_t to = std::min(row.size(), pivot + kNearItems);
      if (auto hit = scan(l, r, from, to)) return hit;
    }
    return std::nullopt;
  });
  if (nearFirst || nearOnly) return nearFirst;
  return lanesOfRun([&](std::size_t l) -> std::optional<ItemRef> {
    const Lane& lane = model.lanes()[l];
    for (std::size_t r = 0; r < lane.rows.size(); ++r) {
      if (auto hit = scan(l, r, 0, lane.rows[r].size())) return hit;
    }
    return std::nullopt;
  });
}

}  // namespace

std::optional<Flow> flowOf(const TimelineModel& model, const ItemRef& item, bool nearOnly) {
  if (item.lane >= model.lanes().size()) return std::nullopt;
  const Lane& lane = model.lanes()[item.lane];
  if (item.row >= lane.rows.size() || item.item >= lane.rows[item.row].size()) return std::nullopt;
  const bool isLaunch = lane.kind == LaneKind::ApiCalls;
  if (!isLaunch && !isOperationLane(lane.kind)) return std::nullopt;
  const Row& row = lane.rows[item.row];
  const std::uint32_t correlation = row.columns().correlation[row.position(item.item)];
  if (correlation == 0) return std::nullopt;
  auto other = findCorrelated(model, lane.run, isLaunch, correlation, row.start(item.item), nearOnly);
  if (!other) return std::nullopt;
  return isLaunch ? Flow{item, *other} : Flow{*other, item};
}

}  // namespace feedscope::view
