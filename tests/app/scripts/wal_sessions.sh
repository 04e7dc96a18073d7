# A session left in WAL mode with committed changes still in S-wal (a writer that crashed)
# is read with those changes, not stale; --append does not leave that log behind to be applied to the
# new file.
. "$(dirname "$0")/lib.sh"
TRACE="$DATA/kineto/compare_base.json.gz"
"$FEEDSCOPE" import "$TRACE" -o s.feedscope --name before 2>/dev/null || fail "import"
# Rename the run in WAL mode and die without a checkpoint (os._exit: no close).
python3 - s.feedscope <<'PY'
import os, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("PRAGMA journal_mode=WAL")
db.execute("PRAGMA wal_autocheckpoint=0")
db.execute("UPDATE runs SET name = 'after'")
db.commit()
os._exit(0)
PY
[ -s s.feedscope-wal ] || fail "the test did not leave a write-ahead log"
"$FEEDSCOPE" report s.feedscope --format json 2>err.txt | grep -q '"name": *"after"' \
  || fail "the session was read without its write-ahead log: $(cat err.txt)"
expect_code 0 "import --append to a session with a log" -- "$FEEDSCOPE" import "$TRACE" -o s.feedscope --name appended --append
[ -e s.feedscope-wal ] && fail "--append left the old write-ahead log beside the new session"
names=$("$FEEDSCOPE" report s.feedscope --format json 2>/dev/null | python3 -c 'import json,sys; print(" ".join(r["name"] for r in json.load(sys.stdin)["runs"]))')
[ "$names" = "after appended" ] || fail "runs after the append: '$names', expected 'after appended'"
finish
