#!/usr/bin/env bash
# The main job: install what is needed, build, and show Feedscope on bundled real traces recorded
# on an H200 (the plain for-loop against the side-stream prefetching loop).
set -euo pipefail
cd "$(dirname "$0")/.."
./tools/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release
./build-release/app/feedscope/feedscope report resources/samples/h200_naive.json.gz \
  --compare resources/samples/h200_stream.json.gz
