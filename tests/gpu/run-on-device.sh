#!/usr/bin/env bash
# On the GPU machine, from the repository root: the first device command (docs/gpu-commands.md). Every
# GPU check of the collector and the demo workload, in about a minute (57 s on the H200): the GPU tests,
# the copy calibration, the demo in every mode (train and predict), the collector's overhead, 1,000
# steps for dropped records. The attach check on PyTorch programs is the second device command
# (tests/gpu/attach-on-device.sh), so that this one's results come back even if that one fails.
#
# Needs the packed folder tests/gpu/prepare-device-build.sh made on the development machine
# (build-gpu/device: bin/, lib/feedscope/, lib/; it runs without LD_LIBRARY_PATH).
#
# Results reach $OUT as soon as they exist, whatever happens later: every step runs under its own
# time limit, and after each step the files below are copied to $OUT and logs.tar.gz and summary.md
# are brought up to date, so a run killed part way (the device tool's limit, SIGKILL) still returns
# everything done before. The device tool brings back at most 8 files, so $OUT holds only these:
#   summary.md  machine.txt  h200-demo.feedscope  calibration.feedscope  logs.tar.gz
# (logs.tar.gz: every log, JSON report and XML of the work folder; the sessions other than those two
# stay out of it, their JSON reports are in). Exit status: the number of failed steps; 100 when the
# packed build is missing, 101 when feedscope sees no GPU (nothing measured).
#
#   FEEDSCOPE_DEVICE_DIR   the packed build, relative to the repository root (default build-gpu/device)
#   DEMO_STEPS             steps per mode of the recorded demo (default 300)
#   OVERHEAD_PAIRS         runs with and without the collector for the overhead ratio (default 5)
#   STEP_TIMEOUT_S         the longest any one step may run (default 150)
set -uo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD

device_dir=${FEEDSCOPE_DEVICE_DIR:-build-gpu/device}
results=${OUT:-gpu-results}
demo_steps=${DEMO_STEPS:-300}
pairs=${OVERHEAD_PAIRS:-5}
step_limit=${STEP_TIMEOUT_S:-150}
mkdir -p "$results"
results=$(cd "$results" && pwd)
work=$(mktemp -d /tmp/feedscope-gpu.XXXXXX)
bin=$device_dir/bin
fs=$repo/$bin/feedscope

# Copies what exists now to $results, each file through a temporary name and a rename, so a kill
# never leaves half a file there.
place() {  # place NAME COMMAND...: COMMAND's output becomes $results/NAME, whole or not at all
  local name=$1
  shift
  if "$@" >"$results/.$name.part" 2>/dev/null; then
    mv "$results/.$name.part" "$results/$name"
  else
    rm -f "$results/.$name.part"
  fi
}
publish() {
  for f in machine.txt h200-demo.feedscope calibration.feedscope; do
    [ -f "$work/$f" ] && place "$f" cat "$work/$f"
  done
  place summary.md python3 "$repo/tests/gpu/summarize_results.py" "$work"
  place logs.tar.gz tar -czf - -C "$work" --exclude='*.feedscope' .
}

failed=0
# step NAME COMMAND...: runs it under the step limit, its output in $work/NAME.log, then publishes.
step() {
  local name=$1
  shift
  local start=$SECONDS code=0
  timeout -k 5 "$step_limit" "$@" >"$work/$name.log" 2>&1 || code=$?
  if [ "$code" = 0 ]; then
    echo "ok     $name ($((SECONDS - start)) s)"
  else
    [ "$code" = 124 ] && echo "(stopped after ${step_limit} s)" >>"$work/$name.log"
    echo "FAILED $name (exit $code, $((SECONDS - start)) s): see logs.tar.gz $name.log"
    tail -n 5 "$work/$name.log" | sed 's/^/       /'
    failed=$((failed + 1))
  fi
  echo "$code" >"$work/$name.status"
  publish
}

if [ ! -x "$fs" ] || [ ! -x "$repo/$bin/feedscope_gpu_tests" ]; then
  echo "run-on-device: $bin/feedscope and $bin/feedscope_gpu_tests are missing: run tests/gpu/prepare-device-build.sh on the development machine first" >&2
  exit 100
fi
{
  date -u +%Y-%m-%dT%H:%M:%SZ
  uname -a
  nvidia-smi --query-gpu=name,driver_version,pci.bus_id,pcie.link.gen.current,pcie.link.width.current --format=csv
  echo "LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-}"
  ldd "$fs" "$repo/$bin/feedscope_gpu_tests"
  nproc
} >"$work/machine.txt" 2>&1
publish

step devices sh -c "'$fs' devices --format json >'$work/devices.json'"
if [ "$failed" -ne 0 ]; then
  echo "run-on-device: feedscope sees no GPU here (devices.log in logs.tar.gz): nothing to measure" >&2
  exit 101
fi
# The GPU tests (what `ctest -L gpu` runs; ctest itself cannot run here: the build folder's paths are
# those of the machine that built it).
step gpu-tests "$repo/$bin/feedscope_gpu_tests" --gtest_output="xml:$work/gpu-tests.xml"
step calibrate sh -c "'$fs' calibrate --format json --progress none -o '$work/calibration.feedscope' >'$work/calibration.json'"
calibration=()
[ -f "$work/calibration.feedscope" ] && calibration=(--calibration "$work/calibration.feedscope")
step demo-train "$fs" demo --steps "$demo_steps" "${calibration[@]}" --progress none -o "$work/h200-demo.feedscope"
step demo-train-report sh -c "'$fs' report --format json '$work/h200-demo.feedscope' >'$work/demo-train.json'"
step demo-predict "$fs" demo --phase predict --steps "$demo_steps" "${calibration[@]}" --progress none \
  -o "$work/demo-predict.feedscope"
step demo-predict-report sh -c "'$fs' report --format json '$work/demo-predict.feedscope' >'$work/demo-predict.json'"
# The collector's overhead: the same run with and without it, alternating, so drifts hit both alike.
for i in $(seq 1 "$pairs"); do
  for collector in off cupti; do
    step "overhead-$collector-$i" sh -c "'$fs' demo --modes on --steps 200 ${calibration[*]} --collector $collector \
      --progress none -o '$work/overhead-$collector-$i.feedscope' >/dev/null &&
      '$fs' report --format json '$work/overhead-$collector-$i.feedscope' >'$work/overhead-$collector-$i.json'"
  done
done
step dropped-1000 sh -c "'$fs' demo --modes on --steps 1000 ${calibration[*]} --progress none -o '$work/steps-1000.feedscope' \
  >/dev/null && '$fs' report --format json '$work/steps-1000.feedscope' >'$work/steps-1000.json'"

cat "$results/summary.md" 2>/dev/null
echo "failed steps: $failed (results in $results)"
rm -rf "$work"
exit "$failed"
