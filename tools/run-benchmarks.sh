#!/usr/bin/env bash
# Runs every benchmark on purpose (they are not tests): release build, Google Benchmark programs
# (medians of repetitions, CPU time), and Feedscope against Python's JSON parse on the largest
# fixture. Paste the output into docs/performance.md with the date and the machine.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset release >/dev/null
cmake --build --preset release
b=build-release/tests/bench
echo "## $(date -u +%Y-%m-%d) on $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
for bench in bench_analysis bench_session_store bench_kineto_import bench_raw_stream; do
  echo "### $bench"
  "$b/$bench" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true 2>/dev/null | grep -E "median|Benchmark"
done
echo "### Kineto import + analysis against Python's json.load"
python3 tools/compare_with_python.py build-release/app/feedscope/feedscope tests/data/kineto/ns_resolution_rank0.json.gz 7
echo "### Streaming import of large traces (tools/bench-import.sh)"
tools/bench-import.sh
echo "### Opening in the GUI against feedscope report (tools/bench-open.sh)"
tools/bench-open.sh
