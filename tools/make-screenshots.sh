#!/usr/bin/env bash
# Renders the GUI screenshots in docs/screenshots from the bundled samples, without a display.
# Usage: tools/make-screenshots.sh [BUILD_DIR]   (default build-release; it needs feedscope-gui, and
# feedscope_make_large_session for large-session.png). Paths are relative so the pictures show no
# machine's folders.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-release}
gui=$build/app/feedscope-gui/feedscope-gui
out=docs/screenshots
samples=(resources/samples/h200_naive.json.gz resources/samples/h200_stream.json.gz)
export QT_QPA_PLATFORM=offscreen
shot() { echo "$out/$1"; "$gui" "${@:2}" --screenshot "$out/$1"; }

shot timeline.png "${samples[@]}"
shot compare.png "${samples[@]}" --tab compare
# The compare view stays legible for 3 and 6 runs in a 1280x800 window.
shot compare-3-runs.png resources/samples/h200_{naive,stream,trap}.json.gz --tab compare --size 1280x800
h200=tests/data/h200
shot compare-6-runs.png $h200/h200_{naive,stream,trap,custombatch,prefetch}.json.gz $h200/h200_naive.json.gz \
  --tab compare --size 1280x800
# The main window with the findings dock at a laptop's and a desktop's size.
shot window-1280.png "${samples[@]}" --size 1280x800
shot window-1920.png "${samples[@]}" --size 1920x1080
shot compare-6-runs-1920.png $h200/h200_{naive,stream,trap,custombatch,prefetch}.json.gz $h200/h200_naive.json.gz \
  --tab compare --size 1920x1080
# The A/B lane of the second run: a bar per step, up for more idle than the baseline, labelled.
shot ab-lane.png "${samples[@]}" --size 1280x800 --range 0:110
# A PyTorch trace name of 240 characters: the window keeps its 1280 px.
names=$build/screenshot-names
rm -rf "$names" && mkdir -p "$names"
long=worker0.1623143089861.pt.trace
while [ ${#long} -lt 240 ]; do long=sweep_pinned_workers_8_prefetch_4_$long; done
long=${long: -240}
cp resources/samples/h200_naive.json.gz "$names/$long.json.gz"
cp resources/samples/h200_stream.json.gz "$names/worker1.1623212756351.pt.trace.json.gz"
shot long-name-1280.png "$names/$long.json.gz" "$names/worker1.1623212756351.pt.trace.json.gz" --size 1280x800
rm -rf "$names"
shot copy-zoom.png "${samples[@]}" --range 26:33 --select 27.7:31.8
shot dark.png "${samples[@]}" --theme dark
shot run-panel.png "${samples[@]}" --tab run
# Search with the first launch selected: matches marked, the rest dimmed, the flow to its kernel drawn.
shot search-flow.png "${samples[@]}" --search cudaLaunchKernel
shot tables.png "${samples[@]}" --tab tables --select 27.7:31.8

maker=$build/tests/bench/feedscope_make_large_session
if [ -x "$maker" ]; then
  large=$(mktemp -d)
  trap 'rm -rf "$large"' EXIT
  "$maker" "$large/large.feedscope" >/dev/null
  shot large-session.png "$large/large.feedscope"
else
  echo "skipping large-session.png: build $maker first" >&2
fi
