// Which run-wide device a GPU seen by one part of a run is: the one rule for the raw-stream merge of
// `record` (processes of one machine, each with its own ordinals, CUDA_VISIBLE_DEVICES permitting) and
// the join of sessions recorded on several machines (`feedscope merge`).
//
// The same UUID is the same device. Without a UUID match, on the same machine the same ordinal is the
// same device unless both UUIDs are known and differ. Anything else is another GPU: it gets the lowest
// id at or above its own ordinal that no device of the run holds, and a device of another machine is
// named after it ("NVIDIA H200 on node7").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "trace/run.h"

namespace feedscope::trace {

class DeviceIdentities {
 public:
  // `devices`: the run's device list, extended as new devices are seen. `gpuIds`: ids the run's tracks
  // already use without a description (an import that named no device).
  explicit DeviceIdentities(std::vector<DeviceInfo>& devices, std::vector<std::int32_t> gpuIds = {});

  // The run-wide id of the part's device `ordinal`, described by `described` when the part had a
  // record of it (name, UUID). `sameMachine`: the part ran on the machine of the devices already seen;
  // `machine` names the part's machine for a new device of another one. Negative ordinals (no device)
  // are returned as they are.
  std::int32_t resolve(std::int32_t ordinal, const DeviceInfo* described, bool sameMachine = true,
                       const std::string& machine = {});

 private:
  DeviceInfo* find(std::int32_t id);
  bool taken(std::int32_t id);

  std::vector<DeviceInfo>& devices_;
  std::vector<std::int32_t> undescribed_;
};

}  // namespace feedscope::trace
