# SIGALRM sent to `feedscope record` (timeout -s ALRM) reaches the program instead of ending
# Feedscope alone and leaving the program running, orphaned.
. "$(dirname "$0")/lib.sh"
[ -n "$TRACED_CHILD" ] || { echo "no traced child: skipped"; exit 0; }
echo placeholder > libfeedscope-inject.so
export FEEDSCOPE_INJECT_LIBRARY="$WORK/libfeedscope-inject.so"
prog="prog-alarm-$$"
cp "$TRACED_CHILD" "$prog"
"$FEEDSCOPE" record -o a.feedscope -- "./$prog" --ticks 200 --tick-ms 50 >/dev/null 2>err &
recorder=$!
sleep 1
kill -ALRM "$recorder"
wait "$recorder" 2>/dev/null
code=$?
sleep 0.5
orphans=$(pgrep -f "$WORK/$prog|\./$prog" || true)
if [ -n "$orphans" ]; then
  fail "the program outlived feedscope after SIGALRM (orphaned)"
  for p in $orphans; do kill "$p"; done  # this test's own program, by id
fi
[ "$code" = 142 ] || fail "record after SIGALRM exited $code, expected 142 (the program's death by SIGALRM)"
finish
