#!/usr/bin/env bash
# The job benchmark (docs/performance.md, "Jobs"): a generated job of 64 ranks × about 100 k events
# (tests/job/make_job_traces), read as the job's launcher would — `feedscope summarize` on every rank
# at once on all cores, then `feedscope report *.fssum` — against the baseline measured in the same
# run: the sum of 64 single-rank reports divided by the cores (wall time) and the largest single-rank
# report (peak memory). Targets: ≤ 1.2x and ≤ 2x. `feedscope report FOLDER` (every rank in one
# process) is timed too. Prints a table of medians and ratios (tools/bench_job.py).
#   FEEDSCOPE_BENCH_BUILD=DIR     build folder (default build-release, else build-dev)
#   FEEDSCOPE_BENCH_RANKS=N       ranks (default 64)
#   FEEDSCOPE_BENCH_STEPS=N       steps a rank (default 1000: 100 events a step, 100 k events a rank)
#   FEEDSCOPE_BENCH_REPEATS=N     runs of each measurement (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
b=${FEEDSCOPE_BENCH_BUILD:-}
if [ -z "$b" ]; then b=build-release; [ -x "$b/app/feedscope/feedscope" ] || b=build-dev; fi
ranks=${FEEDSCOPE_BENCH_RANKS:-64}
steps=${FEEDSCOPE_BENCH_STEPS:-1000}
dir=$b/bench-job/${ranks}x${steps}
if [ ! -s "$dir/trace_rank$((ranks - 1)).json" ]; then
  # 91 compute kernels a step: with the step's 9 other events, 100 events a step.
  "$b/tests/job/make_job_traces" "$dir" "$ranks" "$steps" 5 data_loading 91 2
fi
echo "### Job of $ranks ranks × $((steps * 100)) events ($(date -u +%Y-%m-%d), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $b)"
python3 tools/bench_job.py "$b/app/feedscope/feedscope" "$dir" "${FEEDSCOPE_BENCH_REPEATS:-3}"
