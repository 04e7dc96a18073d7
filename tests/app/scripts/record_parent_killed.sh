# SIGKILL to `feedscope record` (which no handler can forward) must not leave the program
# running orphaned: the child asked the kernel for SIGTERM when its parent dies (PR_SET_PDEATHSIG).
. "$(dirname "$0")/lib.sh"
[ -n "$TRACED_CHILD" ] || { echo "no traced child: skipped"; exit 0; }
echo placeholder > libfeedscope-inject.so
export FEEDSCOPE_INJECT_LIBRARY="$WORK/libfeedscope-inject.so"
prog="prog-orphan-$$"
cp "$TRACED_CHILD" "$prog"
"$FEEDSCOPE" record -o a.feedscope -- "./$prog" --ticks 200 --tick-ms 50 >/dev/null 2>err &
recorder=$!
sleep 1
[ -n "$(pgrep -f "\./$prog" || true)" ] || fail "the program did not start under feedscope record"
kill -KILL "$recorder"
wait "$recorder" 2>/dev/null
left=""
for _ in 1 2 3 4 5 6 7 8 9 10; do
  left=$(pgrep -f "\./$prog" || true)
  [ -z "$left" ] && break
  sleep 0.2
done
if [ -n "$left" ]; then
  fail "the program outlived feedscope killed by SIGKILL (orphaned)"
  for p in $left; do kill "$p"; done  # this test's own program, by id
fi
finish
