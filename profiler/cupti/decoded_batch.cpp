// DecodedBatch housekeeping.
#include "cupti/decoded_batch.h"

namespace feedscope::cupti {

void DecodedBatch::clear() {
  new_strings.clear();
  intervals.clear();
  devices.clear();
  records = 0;
  dropped = 0;
  invalid = 0;
  untimed_events = 0;
  unreadable_tail = 0;
}

}  // namespace feedscope::cupti
