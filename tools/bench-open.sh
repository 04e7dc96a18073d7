#!/usr/bin/env bash
# Opening in the GUI against `feedscope report` (docs/performance.md "Opening in the GUI"): makes the
# synthetic Kineto traces of 1e5 and 1e6 events (kept in build-release/bench-traces), then times the
# main window opening each (tests/bench/open_in_gui.cpp) against `feedscope report` on it.
#   FEEDSCOPE_BENCH_REPEATS=N   runs of each per trace (default 5)
# Expects a release build with the GUI (tools/run-benchmarks.sh makes one).
set -euo pipefail
cd "$(dirname "$0")/.."
b=build-release
dir=$b/bench-traces
mkdir -p "$dir"
args=()
for n in 100000 1000000; do
  f=$dir/kineto_$n.json.gz
  [ -s "$f" ] || "$b/tests/bench/make_kineto_trace" "$n" "$f" >/dev/null
  args+=("$f:$n")
done
echo "### Opening in the GUI against feedscope report ($(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"
python3 tools/bench_open.py "$b/app/feedscope/feedscope" "$b/tests/bench/open_in_gui" "${FEEDSCOPE_BENCH_REPEATS:-5}" "${args[@]}"
