# Device ids (and other 32-bit fields) a session holds beyond 32 bits are refused on read (exit 2)
# instead of truncated: a truncated id read differently from what the next append wrote, and
# `import --append` failed with "UNIQUE constraint failed".
. "$(dirname "$0")/lib.sh"
TRACE="$DATA/kineto/compare_base.json.gz"
"$FEEDSCOPE" import "$TRACE" -o s.feedscope 2>/dev/null || fail "import"
for id in 9223372036854775807 -9223372036854775808 2147483648; do
  cp s.feedscope "big.feedscope"
  python3 - big.feedscope "$id" <<'PY' || fail "could not edit the session"
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
big = int(sys.argv[2])
n = db.execute("UPDATE devices SET device = ?", (big,)).rowcount
db.execute("UPDATE tracks SET device = ? WHERE device >= 0", (big,))
db.commit()
sys.exit(0 if n > 0 else 1)
PY
  cp big.feedscope big.orig
  expect_code 2 "report a session with device id $id" -- "$FEEDSCOPE" report big.feedscope
  grep -q "does not fit a 32-bit field" "$WORK/err" || fail "device id $id: $(cat "$WORK/err")"
  expect_code 2 "import --append onto device id $id" -- "$FEEDSCOPE" import "$TRACE" -o big.feedscope --append
  cmp -s big.feedscope big.orig || fail "import --append changed the refused session"
done
finish
