#!/usr/bin/env bash
# tests/gpu/run-on-device.sh against stub binaries, on a machine without a GPU: what reaches $OUT
# when a step fails, when a step hangs past its limit, and when the whole script is killed part way
# (the device tool's limit). Device time is short: whatever was done must come back.
#   device-script-test.sh SOURCE_DIR
set -euo pipefail
source_dir=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "device-script-test: $*" >&2; exit 1; }

# A copy of the repository's scripts beside a stub device folder: the script runs from the root it is in.
repo=$work/repo
mkdir -p "$repo/tests/gpu" "$repo/stub/bin"
cp "$source_dir/tests/gpu/run-on-device.sh" "$source_dir/tests/gpu/summarize_results.py" "$repo/tests/gpu/"
cat >"$repo/stub/bin/feedscope" <<'EOF'
#!/usr/bin/env bash
# A stand-in for feedscope: each command writes what the real one would (its -o file, its JSON), and
# STUB_FAIL / STUB_HANG name a command (demo-train, demo-predict, demo-modes for the others) that fails
# or does not end.
cmd=$1
shift
what=$cmd
if [ "$cmd" = demo ]; then
  what=demo-train
  [[ " $* " == *" --modes "* ]] && what=demo-modes
  [[ " $* " == *" --phase predict "* ]] && what=demo-predict
fi
if [ "${STUB_HANG:-}" = "$what" ]; then
  [ -n "${STUB_HANG_MARK:-}" ] && : >"$STUB_HANG_MARK"  # the test kills the script once this exists
  exec sleep 30
fi
[ "${STUB_FAIL:-}" = "$what" ] && { echo "stub: $what failed" >&2; exit 1; }
out=""
while [ $# -gt 0 ]; do
  [ "$1" = -o ] && out=$2
  shift
done
case $cmd in
  devices) echo '{"devices": [{"index": 0, "name": "Stub GPU"}]}' ;;
  calibrate) echo '{"calibration": []}'; echo "session" >"$out" ;;
  demo) echo "session $what" >"$out" ;;
  report) echo '{"runs": []}' ;;
esac
EOF
cat >"$repo/stub/bin/feedscope_gpu_tests" <<'EOF'
#!/usr/bin/env bash
for a in "$@"; do
  case $a in --gtest_output=xml:*) echo '<testsuites tests="4" failures="0"/>' >"${a#--gtest_output=xml:}" ;; esac
done
echo "[  PASSED  ] 4 tests."
EOF
chmod +x "$repo/stub/bin/"*
run() {  # run OUT_DIR [ENV=VALUE...]: the script with its own settings, output to OUT_DIR.log
  local out=$1
  shift
  (cd "$repo" && env FEEDSCOPE_DEVICE_DIR=stub OUT="$out" DEMO_STEPS=3 OVERHEAD_PAIRS=1 STEP_TIMEOUT_S=2 "$@" \
    tests/gpu/run-on-device.sh) >"$out.log" 2>&1
}
# The listing is read whole first: `tar | grep -q` fails under pipefail whenever grep finds the name
# and exits before tar has written the rest (SIGPIPE), which a loaded machine makes likely.
in_tarball() {
  local listing
  listing=$(tar -tzf "$1/logs.tar.gz") || return 1
  grep -qx "\./$2" <<<"$listing"
}

# 1. A failing step and a hanging step: both counted, the script goes on to the end.
status=0
run "$work/out1" STUB_FAIL=demo-train STUB_HANG=demo-predict || status=$?
[ "$status" -ge 2 ] || fail "a failing and a hanging step gave exit $status: $(cat "$work/out1.log")"
grep -q "FAILED demo-train" "$work/out1.log" || fail "the failing step was not reported"
grep -q "FAILED demo-predict (exit 124" "$work/out1.log" || fail "the hanging step was not stopped at its limit"
grep -q "ok     dropped-1000" "$work/out1.log" || fail "the script did not go on after the failures"
for f in summary.md machine.txt calibration.feedscope logs.tar.gz; do
  [ -s "$work/out1/$f" ] || fail "$f did not reach \$OUT"
done
in_tarball "$work/out1" gpu-tests.xml || fail "logs.tar.gz lacks gpu-tests.xml"
in_tarball "$work/out1" demo-predict.log || fail "logs.tar.gz lacks the hanging step's log"
[ "$(ls -A "$work/out1" | wc -l)" -le 8 ] || fail "more than 8 files in \$OUT: $(ls -A "$work/out1")"
! ls -A "$work/out1" | grep -q '\.part$' || fail "a temporary file was left in \$OUT"

# 2. Killed part way (SIGKILL: no trap runs) while a step hangs: what was done before is there. The
# kill comes once the hanging step has started, however slow this machine is.
mkdir -p "$work/out2"
mark=$work/hanging
(cd "$repo" && exec setsid env FEEDSCOPE_DEVICE_DIR=stub OUT="$work/out2" DEMO_STEPS=3 STEP_TIMEOUT_S=100 \
  STUB_HANG=demo-predict STUB_HANG_MARK="$mark" tests/gpu/run-on-device.sh) >"$work/out2.log" 2>&1 &
script=$!
for _ in $(seq 1 600); do
  [ -e "$mark" ] && break
  sleep 0.1
done
[ -e "$mark" ] || { kill -KILL -- -"$script" 2>/dev/null; fail "the hanging step never started: $(cat "$work/out2.log")"; }
kill -KILL -- -"$script"
status=0
wait "$script" || status=$?
[ "$status" = 137 ] || fail "the script was meant to be killed part way (exit $status): $(cat "$work/out2.log")"
for f in machine.txt calibration.feedscope h200-demo.feedscope summary.md logs.tar.gz; do
  [ -s "$work/out2/$f" ] || fail "killed part way, $f did not reach \$OUT: $(ls -A "$work/out2")"
done
in_tarball "$work/out2" demo-train.json || fail "killed part way, the train report is not in logs.tar.gz"
echo "device-script-test: failures and hangs counted, results in \$OUT after a kill part way"
