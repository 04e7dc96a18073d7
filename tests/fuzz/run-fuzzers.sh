#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz preset: clang, ASan + UBSan) and runs each for SECONDS
# (default 600), seeded from the real traces in tests/data, a session made from one of them, --fail-if
# expressions and a small Nsight Systems export.
# Prints the executions and the outcome of each; exits non-zero if a fuzzer found a crash.
# Further arguments name the targets to run (default: all six), e.g.
#   tests/fuzz/run-fuzzers.sh 600 fuzz_session_open fuzz_raw_stream
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fuzz_kineto_import fuzz_session_open fuzz_raw_stream fuzz_rank_summary fuzz_fail_if fuzz_nsys_open)
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target "${targets[@]}"
build=build-fuzz
work=${FUZZ_WORK:-$build/fuzz-work}
mkdir -p "$work/kineto-seeds" "$work/session-seeds" "$work/kineto-corpus" "$work/session-corpus" \
  "$work/raw-seeds" "$work/raw-corpus" "$work/fail-if-seeds" "$work/fail-if-corpus" "$work/nsys-seeds" \
  "$work/nsys-corpus" "$work/summary-seeds" "$work/summary-corpus"

# --fail-if seeds: the README's expressions.
for e in 'starvation>20%' 'h2d_overlap<80%' 'h2d_pageable_count>0' 'step_time > 25ms' \
         'comparison.throughput_ratio<1.5' 'steps.median_ns>=1e6'; do
  printf '%s' "$e" > "$work/fail-if-seeds/$(printf '%s' "$e" | md5sum | cut -c1-12)"
done

# nsys seed: a small export with the tables the importer reads.
python3 - "$work/nsys-seeds/small.sqlite" <<'PY'
import os, sqlite3, sys
if os.path.exists(sys.argv[1]): os.remove(sys.argv[1])
db = sqlite3.connect(sys.argv[1])
db.executescript("""
CREATE TABLE StringIds(id INTEGER PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO StringIds VALUES (1, 'kernel'), (2, 'cudaLaunchKernel');
CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL(start INTEGER, end INTEGER, deviceId INTEGER, streamId INTEGER,
  correlationId INTEGER, shortName INTEGER, demangledName INTEGER, globalPid INTEGER);
INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (1000, 2000, 0, 7, 1, 1, 1, 0), (3000, 5000, 0, 7, 2, 1, 1, 0);
CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME(start INTEGER, end INTEGER, correlationId INTEGER, nameId INTEGER,
  globalTid INTEGER);
INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (900, 950, 1, 2, 1), (2900, 2950, 2, 2, 1);
""")
db.commit()
PY

# Kineto seeds: the small real traces, plain and gzipped, and the legacy format.
for f in tests/data/kineto/compare_base.json.gz tests/data/kineto/cpu_only.json.gz tests/data/kineto/mi250_rocm.json.gz; do
  cp "$f" "$work/kineto-seeds/"
  zcat "$f" > "$work/kineto-seeds/$(basename "$f" .gz)"
done
printf '[{"ph":"X","cat":"Kernel","name":"k","pid":0,"tid":7,"ts":1000,"dur":5,"args":{"device":0,"stream":7}}]' \
  > "$work/kineto-seeds/legacy.json"

# Session seeds: sessions written by the real writer. SEED_BUILD names a build folder that already
# has feedscope and feedscope_test_traced_child (build-dev), instead of making build-release.
seeds_from=${SEED_BUILD:-build-release}
if [ ! -x "$seeds_from/app/feedscope/feedscope" ]; then
  cmake --preset release >/dev/null && cmake --build --preset release --target feedscope
fi
"$seeds_from"/app/feedscope/feedscope import tests/data/kineto/compare_base.json.gz -o "$work/session-seeds/base.feedscope" 2>/dev/null
"$seeds_from"/app/feedscope/feedscope import tests/data/kineto/mi250_rocm.json.gz -o "$work/session-seeds/rocm.feedscope" 2>/dev/null

# Summary seeds: what `feedscope summarize` writes for the real traces, one by one and the two ranks of
# one job together (a form feed line between summaries: fuzz_rank_summary.cpp).
for t in tests/data/multirank/*.json.gz tests/data/kineto/compare_base.json.gz tests/data/h200/h200_naive.json.gz; do
  "$seeds_from"/app/feedscope/feedscope summarize "$t" --rank 0 -o "$work/summary-seeds/$(basename "$t" .json.gz).fssum" 2>/dev/null
done
{ cat "$work/summary-seeds/hta_sampled_rank0.fssum"; printf '\f\n'; cat "$work/summary-seeds/hta_sampled_rank1.fssum"; } \
  > "$work/summary-seeds/job-of-two.fssum"

# Raw stream seeds: a process tree recorded through the injection's recorder (the launcher tests'
# helper, with a synthetic activity source), its streams kept.
[ "$seeds_from" = build-release ] && cmake --build --preset release --target feedscope feedscope_test_traced_child >/dev/null
raw=$(mktemp -d)
touch "$raw/placeholder.so"
# RANK and WORLD_SIZE give the streams a non-empty Environment record; the synthetic kernels carry a
# launch configuration (IntervalArguments).
RANK=1 WORLD_SIZE=2 FEEDSCOPE_INJECT_LIBRARY="$raw/placeholder.so" "$seeds_from"/app/feedscope/feedscope record --keep-raw --flush-ms 5 \
  -o "$raw/r.feedscope" -- "$seeds_from"/tests/launch/feedscope_test_traced_child --ticks 3 --per-tick 3 \
  --spawn-child --range train 1 2 >/dev/null 2>&1 || true
cp "$raw"/r.feedscope.raw-*/*.fsraw "$work/raw-seeds/" 2>/dev/null || true
rm -rf "$raw"

status=0
for target in "${targets[@]}"; do
  case $target in
    fuzz_kineto_import) corpus=$work/kineto-corpus seeds=$work/kineto-seeds dict=tests/fuzz/kineto.dict ;;
    fuzz_session_open) corpus=$work/session-corpus seeds=$work/session-seeds dict= ;;
    fuzz_raw_stream) corpus=$work/raw-corpus seeds=$work/raw-seeds dict=tests/fuzz/raw_stream.dict ;;
    fuzz_rank_summary) corpus=$work/summary-corpus seeds=$work/summary-seeds dict=tests/fuzz/rank_summary.dict ;;
    fuzz_fail_if) corpus=$work/fail-if-corpus seeds=$work/fail-if-seeds dict= ;;
    fuzz_nsys_open) corpus=$work/nsys-corpus seeds=$work/nsys-seeds dict= ;;
    *) echo "unknown fuzz target: $target" >&2; exit 2 ;;
  esac
  log=$work/$target.log
  echo "== $target for ${seconds}s"
  args=(-max_total_time="$seconds" -rss_limit_mb=2048 -timeout=20 -max_len=262144 -print_final_stats=1
        -artifact_prefix="$work/$target-")
  [ -n "$dict" ] && args+=(-dict="$dict")
  if ! "$build/tests/fuzz/$target" "${args[@]}" "$corpus" "$seeds" >"$log" 2>&1; then
    status=1
    echo "   FAILED: see $log"; grep -E "ERROR|SUMMARY" "$log" | head -5
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$log" | sed 's/^/   /'
  echo "   corpus: $(ls "$corpus" | wc -l) inputs"
done
exit $status
