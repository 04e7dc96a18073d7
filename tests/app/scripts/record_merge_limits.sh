# Labels the file-format doc allows (processes: "many") do not crash merge (it was stoll);
# record refuses a --delay/--duration that overflows nanoseconds instead of recording nonsense.
. "$(dirname "$0")/lib.sh"
TRACE="$DATA/kineto/compare_base.json.gz"
"$FEEDSCOPE" import "$TRACE" -o a.feedscope --name run 2>/dev/null || fail "import a"
"$FEEDSCOPE" import "$TRACE" -o b.feedscope --name run 2>/dev/null || fail "import b"
python3 - a.feedscope b.feedscope <<'PY'
import sqlite3, sys
for path, label in zip(sys.argv[1:], ('{"processes": "many"}', '{"processes": "3"}')):
    db = sqlite3.connect(path)
    db.execute("UPDATE runs SET labels_json = ?, realtime_offset_ns = 1000000, clock_source = 'CLOCK_MONOTONIC'", (label,))
    db.commit()
PY
expect_code 0 "merge of sessions with processes: many" -- "$FEEDSCOPE" merge a.feedscope b.feedscope -o m.feedscope
expect_code 0 "report of the merged session" -- "$FEEDSCOPE" report m.feedscope --format json
if [ -n "$TRACED_CHILD" ]; then
  echo placeholder > libfeedscope-inject.so
  export FEEDSCOPE_INJECT_LIBRARY="$WORK/libfeedscope-inject.so"
  expect_code 2 "record --duration 1e10" -- timeout 20 "$FEEDSCOPE" record -o r.feedscope --duration 1e10 -- "$TRACED_CHILD" --ticks 1
  expect_code 2 "record --delay 1e300" -- timeout 20 "$FEEDSCOPE" record -o r.feedscope --delay 1e300 -- "$TRACED_CHILD" --ticks 1
  [ -e r.feedscope ] && fail "a refused record wrote a session"
fi
finish
