# With stderr closed (2>&-) or full (2>/dev/full), every command keeps the exit code it would have
# had (no SIGABRT from a message that could not be printed), and no message lands in an output file
# that took stderr's free descriptor.
. "$(dirname "$0")/lib.sh"
TRACE="$DATA/kineto/compare_base.json.gz"
"$FEEDSCOPE" import "$TRACE" -o s.feedscope 2>/dev/null || fail "import"
"$FEEDSCOPE" report s.feedscope -o expected.txt 2>/dev/null || fail "report"
for redirect in "2>&-" "2>/dev/full"; do
  sh_run() { sh -c "$1 $redirect"; }
  expect_code 2 "report missing.json $redirect" -- sh_run "\"$FEEDSCOPE\" report missing.json"
  expect_code 2 "a usage error $redirect" -- sh_run "\"$FEEDSCOPE\" report --no-such-option s.feedscope"
  rm -f r.txt
  expect_code 0 "report -o $redirect" -- sh_run "\"$FEEDSCOPE\" report s.feedscope -o r.txt"
  cmp -s r.txt expected.txt || fail "report -o $redirect: the report differs (a message landed in it?)"
  expect_code 0 "export -o $redirect" -- sh_run "\"$FEEDSCOPE\" export s.feedscope --format csv -o e.csv"
  grep -q "^wrote" e.csv && fail "export -o $redirect: the 'wrote' line went into the CSV"
  expect_code 0 "import -o $redirect" -- sh_run "\"$FEEDSCOPE\" import \"$TRACE\" -o i.feedscope"
  expect_code 4 "report --fail-if crossed $redirect" -- sh_run "\"$FEEDSCOPE\" report s.feedscope --fail-if 'starvation_pct>=0'"
  if [ -n "$TRACED_CHILD" ]; then
    echo placeholder > libfeedscope-inject.so
    cp "$TRACED_CHILD" prog
    for code in 0 3; do
      expect_code "$code" "record (program exits $code) $redirect" -- \
        sh_run "FEEDSCOPE_INJECT_LIBRARY=\"$WORK/libfeedscope-inject.so\" \"$FEEDSCOPE\" record -o r$code.feedscope -- ./prog --ticks 2 --exit $code"
    done
  fi
done
# stdout closed: still exit 5 (a report that cannot be written), never a crash.
expect_code 5 "report >&-" -- sh -c "\"$FEEDSCOPE\" report s.feedscope >&-"
finish
