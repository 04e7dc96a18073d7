#!/usr/bin/env bash
# Install what is needed, build with the dev preset, and run every test (GUI tests offscreen).
# The GUI is required (dev preset), and so are the CUDA parts where the toolkit is installed, so a
# missing package fails here instead of quietly shrinking the suite; tests/test-floors holds a floor
# per label of the tests that must register.
set -euo pipefail
cd "$(dirname "$0")/.."
FEEDSCOPE_SETUP_TORCH=1 ./tools/setup.sh  # python3-torch: the quick-start test runs PyTorch on the CPU
cuda_args=()
if [ -x /usr/local/cuda/bin/nvcc ]; then
  cuda_args=(-DFEEDSCOPE_WITH_CUDA=ON -DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc)
fi
cmake --preset dev "${cuda_args[@]}"
cmake --build --preset dev
./tools/check-test-count.sh build-dev
./tools/clang-tidy-changed.sh  # one naming style (.clang-tidy) on the sources the last commit touched
QT_QPA_PLATFORM=offscreen ctest --preset dev
