#include "job/job_grouping.h"

#include "job/collectives.h"

#include <algorithm>
#include <map>
#include <set>

namespace feedscope::job {

namespace {

bool ranCollectives(const trace::Run& run, const trace::StringTable& strings) {
  for (const trace::Track& track : run.tracks) {
    if (track.kind != trace::TrackKind::GpuStream) continue;
    const auto& iv = track.intervals;
    for (std::size_t i = 0; i < iv.size(); ++i) {
      if (iv.kind[i] == trace::IntervalKind::Kernel && isCollectiveKernelName(strings.get(iv.name[i]))) return true;
    }
  }
  return false;
}

}  // namespace

std::vector<JobGroup> findJobs(const std::vector<const trace::Run*>& runs,
                               const std::vector<const trace::StringTable*>& strings) {
  // Runs by world size, in input order; -1: the run does not say.
  std::map<int, std::vector<JobMember>> byWorld;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    auto identity = rankIdentityOf(*runs[i]);
    if (!identity) continue;
    if (identity->source == "file name" && !ranCollectives(*runs[i], *strings[i])) continue;
    byWorld[identity->world_size.value_or(-1)].push_back({i, *identity});
  }
  // Runs that do not say their world size join the only job that does, when there is one.
  if (byWorld.count(-1) && byWorld.size() == 2) {
    auto unknown = std::move(byWorld[-1]);
    byWorld.erase(-1);
    auto& known = byWorld.begin()->second;
    known.insert(known.end(), unknown.begin(), unknown.end());
    std::sort(known.begin(), known.end(), [](const JobMember& a, const JobMember& b) { return a.run < b.run; });
  }
  std::vector<JobGroup> jobs;
  for (auto& entry : byWorld) {
    // Not a structured binding: clang 14 (the fuzz preset, clang-tidy) cannot capture one in a lambda.
    const int world = entry.first;
    auto& members = entry.second;
    JobGroup current;
    std::set<int> seen;
    auto close = [&] {
      if (current.members.size() >= 2) {
        std::sort(current.members.begin(), current.members.end(),
                  [](const JobMember& a, const JobMember& b) { return a.identity.rank < b.identity.rank; });
        if (world >= 0) current.world_size = world;
        jobs.push_back(std::move(current));
      }
      current = {};
      seen.clear();
    };
    for (const JobMember& m : members) {
      if (!seen.insert(m.identity.rank).second) close();
      seen.insert(m.identity.rank);
      current.members.push_back(m);
    }
    close();
  }
  std::sort(jobs.begin(), jobs.end(),
            [](const JobGroup& a, const JobGroup& b) { return a.members.front().run < b.members.front().run; });
  return jobs;
}

}  // namespace feedscope::job
