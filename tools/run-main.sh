#!/usr/bin/env bash
# The main job: install what is needed, build, and open Feedscope's desktop GUI on bundled real traces
# recorded on an H200 (the plain for-loop against the side-stream prefetching loop, side by side).
# Without a display it prints the same comparison as a report in the terminal instead.
set -euo pipefail
cd "$(dirname "$0")/.."
./tools/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release --target feedscope feedscope-gui
gui=./build-release/app/feedscope-gui/feedscope-gui
if [ ! -x "$gui" ]; then
  echo "run-main: error: the GUI was not built ($gui is missing): see the configure summary above" >&2
  exit 1
fi
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec "$gui" "$@"
fi
echo "run-main: no display (DISPLAY and WAYLAND_DISPLAY are unset), so here is the report instead of the GUI;" >&2
echo "run-main: for a picture of the window: xvfb-run -s '-screen 0 1600x1000x24' \\" >&2
echo "run-main:   ./build-release/app/feedscope-gui/feedscope-gui --screenshot feedscope.png" >&2
exec ./build-release/app/feedscope/feedscope report resources/samples/h200_naive.json.gz \
  --compare resources/samples/h200_stream.json.gz
