// The partition of a GPU's findings into roots and parts.
#include "analysis/finding_partition.h"

#include <algorithm>
#include <array>
#include <utility>

namespace feedscope::analysis {

std::string_view preferredRoot(std::string_view findingId) {
  // (part, root): the angle and the cause it looks at.
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 7> kParts = {{
      {"copies_not_overlapped", "pageable_h2d"},  // a pageable copy can never overlap: same copies
      {"pageable_async_copy", "pageable_h2d"},    // the trap: pageable copies that also block the host
      {"sync_copies", "copies_not_overlapped"},   // why pinned copies did not overlap
      {"pinned_bandwidth_low", "copies_not_overlapped"},
      {"sync_dataloader", "host_bound"},    // what the host was doing: loading
      {"named_host_work", "host_bound"},    // ... the program's own named work
      {"unnamed_host_time", "host_bound"},  // ... work nothing names
  }};
  for (const auto& [part, root] : kParts) {
    if (part == findingId) return root;
  }
  return {};
}

std::vector<Finding> partitionFindings(std::vector<Finding> findings, TimeNs windowNs) {
  std::array<int, kGapCauseCount> claimedBy{};
  claimedBy.fill(-1);
  auto indexOf = [&](std::string_view id) -> int {
    for (std::size_t i = 0; i < findings.size(); ++i) {
      if (findings[i].id == id && findings[i].isRoot()) return static_cast<int>(i);
    }
    return -1;
  };
  for (std::size_t i = 0; i < findings.size(); ++i) {
    Finding& f = findings[i];
    f.cost_ns = f.explains.total();
    f.cost_pct = windowNs > 0 ? 100.0 * static_cast<double>(f.cost_ns) / static_cast<double>(windowNs) : 0.0;
    f.part_of.clear();
    // Its preferred root, when that fired and explains every cause this one explains: the same idle
    // time seen from another angle.
    const int preferred = indexOf(preferredRoot(f.id));
    if (preferred >= 0 && static_cast<std::size_t>(preferred) < i) {
      bool inside = true;
      for (int c = 0; c < kGapCauseCount; ++c) {
        if (f.explains.ns[static_cast<std::size_t>(c)] > 0 &&
            claimedBy[static_cast<std::size_t>(c)] != preferred)
          inside = false;
      }
      if (inside) {
        f.part_of = findings[static_cast<std::size_t>(preferred)].id;
        continue;
      }
    }
    // Another root already explains one of its causes: the one explaining most of it is its root.
    int owner = -1;
    TimeNs ownerShare = -1;
    for (int c = 0; c < kGapCauseCount; ++c) {
      const TimeNs share = f.explains.ns[static_cast<std::size_t>(c)];
      if (share > 0 && claimedBy[static_cast<std::size_t>(c)] >= 0 && share > ownerShare) {
        owner = claimedBy[static_cast<std::size_t>(c)];
        ownerShare = share;
      }
    }
    if (owner >= 0) {
      f.part_of = findings[static_cast<std::size_t>(owner)].id;
      continue;
    }
    for (int c = 0; c < kGapCauseCount; ++c) {
      if (f.explains.ns[static_cast<std::size_t>(c)] > 0)
        claimedBy[static_cast<std::size_t>(c)] = static_cast<int>(i);
    }
  }
  // Display order: roots by severity, then cost; each root's parts after it, larger cost first.
  std::vector<std::size_t> roots, order;
  for (std::size_t i = 0; i < findings.size(); ++i) {
    if (findings[i].isRoot()) roots.push_back(i);
  }
  auto before = [&](std::size_t a, std::size_t b) {
    const Finding &x = findings[a], &y = findings[b];
    if (x.severity != y.severity) return x.severity > y.severity;
    return x.cost_ns > y.cost_ns;
  };
  std::stable_sort(roots.begin(), roots.end(), before);
  for (std::size_t r : roots) {
    order.push_back(r);
    std::vector<std::size_t> parts;
    for (std::size_t i = 0; i < findings.size(); ++i) {
      if (findings[i].part_of == findings[r].id) parts.push_back(i);
    }
    std::stable_sort(parts.begin(), parts.end(),
                     [&](std::size_t a, std::size_t b) { return findings[a].cost_ns > findings[b].cost_ns; });
    order.insert(order.end(), parts.begin(), parts.end());
  }
  std::vector<Finding> out;
  out.reserve(findings.size());
  for (std::size_t i : order) out.push_back(std::move(findings[i]));
  return out;
}

TimeNs unexplainedNs(const std::vector<Finding>& findings, TimeNs starvationNs) {
  TimeNs explained = 0;
  for (const Finding& f : findings) {
    if (f.isRoot()) explained += f.cost_ns;
  }
  return std::max<TimeNs>(0, starvationNs - explained);
}

}  // namespace feedscope::analysis
