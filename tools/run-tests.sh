#!/usr/bin/env bash
# Install what is needed, build with the dev preset, and run every test (GUI tests offscreen).
set -euo pipefail
cd "$(dirname "$0")/.."
./tools/setup.sh
cmake --preset dev
cmake --build --preset dev
QT_QPA_PLATFORM=offscreen ctest --preset dev
