#!/usr/bin/env bash
# On the development machine: builds what the GPU machine runs (the gpu preset: Release, CUDA parts
# on, GUI off) and packs it into build-gpu/device, laid out as an install is (bin/, lib/feedscope/,
# lib/: tests/gpu/pack-device-folder.sh), so it runs there as it is, without LD_LIBRARY_PATH. Then
# the device tool carries it: docs/gpu-commands.md gives the two device commands.
set -euo pipefail
cd "$(dirname "$0")/../.."

cmake --preset gpu >/dev/null
cmake --build --preset gpu --target feedscope feedscope_gpu_tests feedscope-inject
tests/gpu/pack-device-folder.sh build-gpu build-gpu/device
ls -l build-gpu/device/bin build-gpu/device/lib build-gpu/device/lib/feedscope
