# A file planted at the session lock's name (a hard link to someone's file: O_NOFOLLOW stops only
# symlinks) is never written into nor removed by the writers that take the lock; the appends
# still land. A lock file an earlier feedscope left (its pid only) is reused and removed as before.
. "$(dirname "$0")/lib.sh"
TRACE="$DATA/kineto/compare_base.json.gz"
"$FEEDSCOPE" import "$TRACE" -o s.feedscope 2>/dev/null || fail "import"
echo precious > victim.txt
ln victim.txt s.feedscope.lock
expect_code 0 "import --append with a hard link at the lock" -- "$FEEDSCOPE" import "$TRACE" -o s.feedscope --append --name second
[ "$(cat victim.txt)" = precious ] || fail "import --append wrote into the hard-linked file: $(cat victim.txt)"
[ -e s.feedscope.lock ] && [ "$(stat -c %h victim.txt)" = 2 ] || fail "import --append removed the planted link"
[ "$(run_count s.feedscope)" = 2 ] || fail "the append did not land"

if [ -n "$TRACED_CHILD" ]; then
  echo placeholder > libfeedscope-inject.so
  export FEEDSCOPE_INJECT_LIBRARY="$WORK/libfeedscope-inject.so"
  cp "$TRACED_CHILD" prog
  expect_code 0 "record --append with a hard link at the lock" -- "$FEEDSCOPE" record --append -o s.feedscope --label third -- ./prog --ticks 2
  [ "$(cat victim.txt)" = precious ] || fail "record --append wrote into the hard-linked file: $(cat victim.txt)"
  [ "$(stat -c %h victim.txt)" = 2 ] || fail "record --append removed the planted link"
  [ "$(run_count s.feedscope)" = 3 ] || fail "the record did not land"
fi

# A stale lock of a killed feedscope: reused, then removed.
rm s.feedscope.lock
echo 999999 > s.feedscope.lock
expect_code 0 "import --append over a stale lock file" -- "$FEEDSCOPE" import "$TRACE" -o s.feedscope --append --name fourth
[ -e s.feedscope.lock ] && fail "the stale lock file was not removed"
[ "$(cat victim.txt)" = precious ] || fail "the victim changed"
finish
