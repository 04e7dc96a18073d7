# Content after a JSON document (a second trace, garbage) is an error, not silently dropped;
# a view in place of a table (in a session or an nsys export) is refused, not read for ever; a
# 50,000-character --fail-if expression is a usage error (exit 2), not a crash; so is a corrupt
# declared size (it was "out of memory", exit 1). Each case runs under
# a timeout and a memory limit: before the fix the views hung and ate memory.
. "$(dirname "$0")/lib.sh"
TRACE="$DATA/kineto/compare_base.json.gz"
# The memory limit is left out for a sanitizer build: its shadow memory needs terabytes of address space.
if grep -q __asan_init "$FEEDSCOPE"; then limit=unlimited; else limit=4000000; fi
t() { (ulimit -v "$limit"; timeout 20 "$FEEDSCOPE" "$@"); }

zcat "$TRACE" > one.json
cat one.json one.json > two.json
{ cat one.json; echo ' garbage'; } > trailing.json
{ cat one.json; printf '\n\n  \n'; } > spaces.json
gzip -c two.json > two.json.gz
expect_code 2 "two JSON documents in one file" -- t report two.json
grep -q "content after the end of the document" "$WORK/err" || fail "two documents: $(cat "$WORK/err")"
expect_code 2 "two JSON documents, gzipped" -- t report two.json.gz
expect_code 2 "garbage after the document" -- t report trailing.json
expect_code 0 "white space after the document" -- t report spaces.json
expect_code 2 "import of two documents" -- t import two.json -o x.feedscope
[ -e x.feedscope ] && fail "import of two documents wrote a session"

"$FEEDSCOPE" import "$TRACE" -o s.feedscope 2>/dev/null || fail "import"
cp s.feedscope view.feedscope
python3 - view.feedscope <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.executescript("""
DROP TABLE strings;
CREATE VIEW strings AS WITH RECURSIVE c(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM c) SELECT x AS id, '' || x AS text FROM c;
""")
db.commit()
PY
expect_code 2 "a session with a view for a table" -- t report view.feedscope
grep -q "is a view, not a table" "$WORK/err" || fail "session view: $(cat "$WORK/err")"

# A corrupt declared size is bad input (exit 2), not "out of memory" (exit 1).
cp s.feedscope huge.feedscope
python3 -c 'import sqlite3,sys; db=sqlite3.connect(sys.argv[1]); db.execute("UPDATE tracks SET interval_count = 549755813888"); db.commit()' huge.feedscope
expect_code 2 "a session declaring 2^39 intervals in a track" -- t report huge.feedscope

python3 - nsys.sqlite <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.executescript("""
CREATE TABLE StringIds(id INTEGER PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO StringIds VALUES (1, 'kernel');
CREATE TABLE CUPTI_ACTIVITY_KIND_MEMCPY(start INTEGER, end INTEGER, bytes INTEGER, copyKind INTEGER,
  srcKind INTEGER, dstKind INTEGER, deviceId INTEGER, streamId INTEGER, correlationId INTEGER, globalPid INTEGER);
CREATE VIEW CUPTI_ACTIVITY_KIND_KERNEL AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)
  SELECT x AS start, x + 1 AS end, 0 AS deviceId, 7 AS streamId, x AS correlationId, 1 AS shortName,
         1 AS demangledName, 0 AS globalPid FROM c;
""")
db.commit()
PY
expect_code 2 "an nsys export with a view for a table" -- t report nsys.sqlite

long=$(head -c 50000 /dev/zero | tr '\0' a)
expect_code 2 "a 50,000-character --fail-if key" -- t report "$TRACE" --fail-if "$long>1"
expect_code 2 "a 50,000-character --fail-if number" -- t report "$TRACE" --fail-if "starvation_pct>1$(head -c 50000 /dev/zero | tr '\0' 0)x"
[ "$(wc -c < "$WORK/err")" -lt 1000 ] || fail "the --fail-if error line is $(wc -c < "$WORK/err") bytes long"
expect_code 0 "a plain --fail-if still works" -- t report "$TRACE" --fail-if 'starvation_pct>100' --fail-if ' step_time > 1e12 ms '
expect_code 4 "a crossed --fail-if still exits 4" -- t report "$TRACE" --fail-if 'starvation>-1%'
finish
