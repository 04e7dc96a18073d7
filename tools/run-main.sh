#!/usr/bin/env bash
# The main job: install what is needed, build, and open Feedscope's desktop GUI on bundled real traces
# recorded on an H200 (the plain for-loop against the side-stream prefetching loop, side by side).
# Without a display it prints the same comparison as a report in the terminal instead.
# Usage: tools/run-main.sh [FILES...] [GUI OPTIONS...]: what to open instead of the samples, and
# feedscope-gui's options. Without a display, --screenshot renders offscreen and files are reported on.
set -euo pipefail
caller_dir=$PWD  # file arguments are relative to where the user ran this
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
./tools/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release --target feedscope feedscope-gui
gui=$root/build-release/app/feedscope-gui/feedscope-gui
cli=$root/build-release/app/feedscope/feedscope
if [ ! -x "$gui" ]; then
  echo "run-main: error: the GUI was not built ($gui is missing): see the configure summary above" >&2
  exit 1
fi
if [ $# -eq 0 ]; then
  set -- resources/samples/h200_naive.json.gz resources/samples/h200_stream.json.gz
else
  cd "$caller_dir"
fi
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec "$gui" "$@"
fi
for arg in "$@"; do
  if [ "$arg" = --screenshot ]; then
    QT_QPA_PLATFORM=offscreen exec "$gui" "$@"
  fi
done
files=()
while [ $# -gt 0 ]; do
  case $1 in
    --size | --range | --select | --tab | --theme) echo "run-main: no display, so '$1 ${2:-}' is left out" >&2; [ $# -lt 2 ] || shift ;;
    -*) echo "run-main: no display, so '$1' is left out" >&2 ;;
    *) files+=("$1") ;;
  esac
  shift
done
echo "run-main: no display (DISPLAY and WAYLAND_DISPLAY are unset), so here is the report instead of the GUI;" >&2
echo "run-main: for a picture of the window add --screenshot feedscope.png (rendered offscreen)" >&2
case ${#files[@]} in
  0) echo "run-main: error: no file to report on" >&2; exit 2 ;;
  1) exec "$cli" report "${files[0]}" ;;
  2) exec "$cli" report "${files[0]}" --compare "${files[1]}" ;;
  *) echo "run-main: reporting on ${files[0]} against ${files[1]} only (a report compares two)" >&2
     exec "$cli" report "${files[0]}" --compare "${files[1]}" ;;
esac
