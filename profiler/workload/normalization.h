// Per-batch normalization statistics, shared by the loader (which measures them) and the model's
// kernels (which apply them). Plain C++17, as the CUDA sources are compiled.
#pragma once

namespace feedscope::workload {

// (pixel - mean) * inv_std, as torchvision's Normalize applies it.
struct NormalizationStats {
  float mean = 0;
  float inv_std = 1;
};

}  // namespace feedscope::workload
