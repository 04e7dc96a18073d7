// Pinned host-to-device bandwidth to assume for a GPU when nothing in the session measured it: a
// small table by GPU family and the PCIe generation it ships with. Every figure taken from it is
// labelled "assumed" where it is shown (docs/metrics.md lists the table).
#pragma once

#include <string>
#include <string_view>

namespace feedscope::analysis {

struct AssumedLink {
  double pinned_h2d_gbps = 0;  // decimal GB/s
  std::string basis;           // "H200 class, PCIe Gen5 x16: 55 GB/s measured on an H200"
};

// The row whose GPU family the device name contains, or the PCIe Gen4 x16 row for a GPU the table
// does not know.
AssumedLink assumedLinkFor(std::string_view deviceName);

}  // namespace feedscope::analysis
