// Device identity across the parts of a run (see device_identity.h for the rule).
#include "trace/device_identity.h"

#include <algorithm>

namespace feedscope::trace {

DeviceIdentities::DeviceIdentities(std::vector<DeviceInfo>& devices, std::vector<std::int32_t> gpuIds)
    : devices_(devices), undescribed_(std::move(gpuIds)) {}

DeviceInfo* DeviceIdentities::find(std::int32_t id) {
  for (auto& d : devices_) {
    if (d.id == id) return &d;
  }
  return nullptr;
}

bool DeviceIdentities::taken(std::int32_t id) {
  return find(id) != nullptr || std::find(undescribed_.begin(), undescribed_.end(), id) != undescribed_.end();
}

std::int32_t DeviceIdentities::resolve(std::int32_t ordinal, const DeviceInfo* described, bool sameMachine,
                                       const std::string& machine) {
  if (ordinal < 0) return ordinal;
  const std::string uuid = described != nullptr ? described->uuid : std::string();
  if (!uuid.empty()) {
    for (auto& d : devices_) {
      if (d.uuid != uuid) continue;
      if (d.name.empty()) d.name = described->name;
      return d.id;
    }
  }
  if (sameMachine && taken(ordinal)) {
    DeviceInfo* same = find(ordinal);
    const bool conflicting = same != nullptr && !same->uuid.empty() && !uuid.empty();  // UUIDs differ: seen above
    if (!conflicting) {
      if (same != nullptr && described != nullptr) {
        if (same->name.empty()) same->name = described->name;
        if (same->uuid.empty()) same->uuid = uuid;
      }
      return ordinal;
    }
  }
  std::int32_t id = ordinal;
  while (taken(id)) ++id;
  DeviceInfo added = described != nullptr ? *described : DeviceInfo{};
  added.id = id;
  if (!sameMachine && !machine.empty()) added.name = (added.name.empty() ? "GPU" : added.name) + " on " + machine;
  devices_.push_back(std::move(added));
  return id;
}

}  // namespace feedscope::trace
