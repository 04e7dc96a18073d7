#!/usr/bin/env bash
# On the GPU machine, from the repository root: every GPU check of the collector and the demo workload
# in one go. Needs build-gpu/device from tests/gpu/prepare-device-build.sh (built on the development
# machine: the GPU machine has no GoogleTest, SQLite or simdjson headers). Then runs the attach check
# (tests/gpu/attach-on-device.sh) too. A summary table is printed last. Exit status: the number of
# failed steps; 100 when the packed build is missing, 101 when feedscope sees no GPU (nothing run).
#
# Results: the device tool brings back at most 8 files directly under $OUT, so everything is written
# to a work folder and only these come back (or stay in ./gpu-results without $OUT): summary.md,
# machine.txt, h200-demo.feedscope (the sample for resources/samples/), calibration.feedscope,
# attach-summary.md, attach-ab.feedscope, and logs.tar.gz (every log, JSON report and session).
#
#   FEEDSCOPE_DEVICE_DIR   the packed build, relative to the repository root (default build-gpu/device)
#   DEMO_STEPS             steps per mode of the recorded demo (default 300)
#   OVERHEAD_PAIRS         runs with and without the collector for the overhead ratio (default 5)
#   SKIP_ATTACH=1          leave out the attach check
set -uo pipefail
cd "$(dirname "$0")/../.."

device_dir=${FEEDSCOPE_DEVICE_DIR:-build-gpu/device}
results=${OUT:-gpu-results}
out=$(mktemp -d /tmp/feedscope-gpu.XXXXXX)
demo_steps=${DEMO_STEPS:-300}
pairs=${OVERHEAD_PAIRS:-5}
mkdir -p "$results"
# Whatever happens, bring back the chosen files and a tarball of the rest.
collect() {
  for f in summary.md machine.txt h200-demo.feedscope calibration.feedscope attach/attach-summary.md \
    attach/attach-ab.feedscope; do
    [ -f "$out/$f" ] && cp "$out/$f" "$results/$(basename "$f")"
  done
  tar -czf "$results/logs.tar.gz" -C "$out" . 2>/dev/null
  rm -rf "$out"
}
trap collect EXIT
bin=$device_dir/bin
if [ ! -x "$bin/feedscope" ] || [ ! -x "$bin/feedscope_gpu_tests" ]; then
  echo "run-on-device: $bin/feedscope and $bin/feedscope_gpu_tests are missing: run tests/gpu/prepare-device-build.sh on the development machine first" >&2
  exit 100
fi
# This machine's CUDA libraries first (libcupti matching its driver), the packed ones after.
cuda_libs=""
for d in /usr/local/cuda/lib64 /usr/local/cuda/targets/x86_64-linux/lib /usr/local/cuda-13.0/targets/x86_64-linux/lib \
  /usr/local/cuda/extras/CUPTI/lib64; do
  [ -e "$d/libcupti.so.13" ] && cuda_libs="$cuda_libs:$d"
done
export LD_LIBRARY_PATH="${cuda_libs#:}:$PWD/$device_dir/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fs="$bin/feedscope"

failed=0
step() {  # step NAME COMMAND...: runs it, logs to $out/NAME.log, counts a failure
  local name=$1
  shift
  local start=$SECONDS
  if "$@" >"$out/$name.log" 2>&1; then
    echo "ok     $name ($((SECONDS - start)) s)"
  else
    echo "FAILED $name (exit $?, $((SECONDS - start)) s): see $out/$name.log"
    tail -n 5 "$out/$name.log" | sed 's/^/       /'
    failed=$((failed + 1))
  fi
}

{
  date -u +%Y-%m-%dT%H:%M:%SZ
  uname -a
  nvidia-smi --query-gpu=name,driver_version,pci.bus_id,pcie.link.gen.current,pcie.link.width.current --format=csv
  echo "LD_LIBRARY_PATH=$LD_LIBRARY_PATH"
  ldd "$fs" | grep -E "cupti|simdjson|fmt|sqlite"
} >"$out/machine.txt" 2>&1

step devices sh -c "'$fs' devices --format json >'$out/devices.json'"
if [ "$failed" -ne 0 ]; then
  echo "run-on-device: feedscope sees no GPU here ($out/devices.log): nothing to measure" >&2
  exit 101
fi
# The GPU tests (what `ctest -L gpu` runs; ctest itself cannot run here: the build folder's paths are
# those of the machine that built it).
step gpu-tests "$bin/feedscope_gpu_tests" --gtest_output="xml:$out/gpu-tests.xml"
step calibrate sh -c "'$fs' calibrate --format json --progress none -o '$out/calibration.feedscope' >'$out/calibration.json'"
calibration=()
[ -f "$out/calibration.feedscope" ] && calibration=(--calibration "$out/calibration.feedscope")
step demo-train "$fs" demo --steps "$demo_steps" "${calibration[@]}" --progress none -o "$out/h200-demo.feedscope"
step demo-train-report sh -c "'$fs' report --format json '$out/h200-demo.feedscope' >'$out/demo-train.json'"
step demo-predict "$fs" demo --phase predict --steps "$demo_steps" "${calibration[@]}" --progress none \
  -o "$out/demo-predict.feedscope"
step demo-predict-report sh -c "'$fs' report --format json '$out/demo-predict.feedscope' >'$out/demo-predict.json'"
# The collector's overhead: the same run with and without it, alternating, so drifts hit both alike.
for i in $(seq 1 "$pairs"); do
  for collector in off cupti; do
    step "overhead-$collector-$i" sh -c "'$fs' demo --modes on --steps 200 ${calibration[*]} --collector $collector \
      --progress none -o '$out/overhead-$collector-$i.feedscope' >/dev/null &&
      '$fs' report --format json '$out/overhead-$collector-$i.feedscope' >'$out/overhead-$collector-$i.json'"
  done
done
step dropped-1000 sh -c "'$fs' demo --modes on --steps 1000 ${calibration[*]} --progress none -o '$out/steps-1000.feedscope' \
  >/dev/null && '$fs' report --format json '$out/steps-1000.feedscope' >'$out/steps-1000.json'"

if [ "${SKIP_ATTACH:-0}" != 1 ]; then
  step attach env OUT="$out" ATTACH_OVERHEAD_RUNS="${ATTACH_OVERHEAD_RUNS:-3}" tests/gpu/attach-on-device.sh "$device_dir"
fi

python3 tests/gpu/summarize_results.py "$out" | tee "$out/summary.md"
[ -f "$out/attach/attach-summary.md" ] && cat "$out/attach/attach-summary.md"
echo "failed steps: $failed (results in $results)"
exit "$failed"
