# Two `import --append` (or `record --append`) at once must both land; --no-wait fails at
# once (exit 5) instead of waiting; the lock file does not stay behind.
. "$(dirname "$0")/lib.sh"
TRACE="$DATA/h200/h200_naive.json.gz"

"$FEEDSCOPE" import "$TRACE" -o s.feedscope --name base 2>/dev/null || fail "first import"
pids=()
for i in 1 2 3 4 5 6; do
  "$FEEDSCOPE" import "$TRACE" -o s.feedscope --name "run $i" --append 2>"err.$i" &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p" || fail "an appending import failed: $(cat err.*)"; done
n=$(run_count s.feedscope)
[ "$n" = 7 ] || fail "6 concurrent appends to a 1-run session left $n runs, expected 7"
grep -l "waiting for another feedscope writing" err.* >/dev/null || fail "no waiting writer said so on stderr"
ls s.feedscope.lock 2>/dev/null && fail "the lock file stayed behind"

# A writer holding the lock (simulated with flock on the same lock file) makes --no-wait fail.
flock s.feedscope.lock sleep 3 &
holder=$!
sleep 0.5
expect_code 5 "--no-wait against a held lock" -- "$FEEDSCOPE" import "$TRACE" -o s.feedscope --append --no-wait
grep -q "another feedscope is writing this session" "$WORK/err" || fail "--no-wait message: $(cat "$WORK/err")"
# Without --no-wait it waits for the holder, then appends.
"$FEEDSCOPE" import "$TRACE" -o s.feedscope --name late --append 2>err.late || fail "waiting import"
grep -q "waiting for another feedscope" err.late || fail "the waiting import did not say so"
wait "$holder"
n=$(run_count s.feedscope)
[ "$n" = 8 ] || fail "after the waiting append: $n runs, expected 8"

if [ -n "$TRACED_CHILD" ]; then
  # record --append, the same race (the program is a stand-in for a CUDA program, see traced_child.cpp).
  echo placeholder > libfeedscope-inject.so
  export FEEDSCOPE_INJECT_LIBRARY="$WORK/libfeedscope-inject.so"
  "$FEEDSCOPE" record -o r.feedscope --label first -- "$TRACED_CHILD" --ticks 1 >/dev/null 2>&1 || fail "first record"
  pids=()
  for i in 1 2 3 4; do
    "$FEEDSCOPE" record -o r.feedscope --label "rec $i" --append -- "$TRACED_CHILD" --ticks 2 >/dev/null 2>&1 &
    pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p" || fail "an appending record failed"; done
  n=$(run_count r.feedscope)
  [ "$n" = 5 ] || fail "4 concurrent record --append left $n runs, expected 5"
fi
finish
