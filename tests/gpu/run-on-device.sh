#!/usr/bin/env bash
# On the GPU machine, from the repository root: every GPU check of the collector and the demo workload
# in one go. Needs build-gpu/device from tests/gpu/prepare-device-build.sh (built on the development
# machine: the GPU machine has no GoogleTest, SQLite or simdjson headers). Logs and result files go to
# $OUT (or ./gpu-results); a summary table is printed last. Exit status: the number of failed steps.
#
#   FEEDSCOPE_DEVICE_DIR   the packed build, relative to the repository root (default build-gpu/device)
#   DEMO_STEPS             steps per mode of the recorded demo (default 300)
#   OVERHEAD_PAIRS         runs with and without the collector for the overhead ratio (default 5)
set -uo pipefail
cd "$(dirname "$0")/../.."

device_dir=${FEEDSCOPE_DEVICE_DIR:-build-gpu/device}
out=${OUT:-gpu-results}
demo_steps=${DEMO_STEPS:-300}
pairs=${OVERHEAD_PAIRS:-5}
mkdir -p "$out"
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

python3 tests/gpu/summarize_results.py "$out" | tee "$out/summary.md"
echo "failed steps: $failed (logs in $out)"
exit "$failed"
