#!/usr/bin/env bash
# The streaming-import benchmark (docs/performance.md): makes realistic synthetic Kineto
# traces of 1e5, 1e6, 2e6 and 5e6 events (kept in build-release/bench-traces), then times
# `feedscope report` against zcat and Python's json.load on each (tools/bench_import.py).
#   FEEDSCOPE_BENCH_SKIP_5M=1   leave out the 5e6-event trace (1.4 GB of JSON)
#   FEEDSCOPE_BENCH_REPEATS=N   runs of each tool per trace (default 3)
#   FEEDSCOPE_BENCH_PYTHON_MAX=N  json.load only on traces of at most N events (default 1e6)
# Expects a release build (tools/run-benchmarks.sh makes one).
set -euo pipefail
cd "$(dirname "$0")/.."
b=build-release
dir=$b/bench-traces
mkdir -p "$dir"
sizes=(100000 1000000 2000000 5000000)
[ "${FEEDSCOPE_BENCH_SKIP_5M:-}" = "1" ] && sizes=(100000 1000000 2000000)
args=()
for n in "${sizes[@]}"; do
  f=$dir/kineto_$n.json.gz
  [ -s "$f" ] || "$b/tests/bench/make_kineto_trace" "$n" "$f" >/dev/null
  args+=("$f:$n")
done
echo "### Streaming import: feedscope report against zcat and json.load ($(date -u +%Y-%m-%d), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs))"
python3 tools/bench_import.py "$b/app/feedscope/feedscope" "${FEEDSCOPE_BENCH_REPEATS:-3}" \
  "${FEEDSCOPE_BENCH_PYTHON_MAX:-1000000}" "${args[@]}"
