# Text from files (run names from file names, device names from a session, the bytes a JSON error
# quotes) reaches the terminal without raw control characters: ESC, BEL, NUL, C1 controls.
. "$(dirname "$0")/lib.sh"
esc=$(printf '\033')
bel=$(printf '\007')
name="run${esc}]0;pwned${bel}${esc}[31mred"
cp "$DATA/kineto/compare_base.json.gz" "$name.json.gz"
has_controls() { LC_ALL=C grep -q "$(printf '[\001-\010\016-\037\177]')" "$1"; }
for format in text md html; do
  expect_code 0 "report a file named with escapes ($format)" -- "$FEEDSCOPE" report "$name.json.gz" --format "$format"
  has_controls "$WORK/out" && fail "report --format $format printed raw control characters"
  has_controls "$WORK/err" && fail "report --format $format: stderr has raw control characters"
done
expect_code 0 "report -o of a file named with escapes" -- "$FEEDSCOPE" report "$name.json.gz" -o r.txt
has_controls r.txt && fail "the text report file holds raw control characters"
has_controls "$WORK/err" && fail "the 'wrote' line has raw control characters"
# A device name with controls, from a session.
"$FEEDSCOPE" import "$DATA/kineto/compare_base.json.gz" -o s.feedscope 2>/dev/null || fail "import"
python3 - s.feedscope <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE devices SET name = ?", ("GPU\x1b[2J\x07\x00x\u009b1m",))
db.execute("UPDATE runs SET name = ?", ("run\x1b[31m",))
db.commit()
PY
expect_code 0 "report a session with escapes in names" -- "$FEEDSCOPE" report s.feedscope
has_controls "$WORK/out" && fail "device or run names reached stdout with raw control characters"
LC_ALL=C grep -q "$(printf '\302\233')" "$WORK/out" && fail "a C1 control (U+009B) reached stdout"
# The JSON splitter's error quotes the offending byte by value.
printf '{"traceEvents":[], \033}' > bad.json
expect_code 2 "a JSON error on an ESC byte" -- "$FEEDSCOPE" report bad.json
has_controls "$WORK/err" && fail "the JSON error printed the raw byte: $(cat -v "$WORK/err")"
grep -q "0x1b" "$WORK/err" || fail "the JSON error does not name the byte: $(cat "$WORK/err")"
printf '{"traceEvents":[]}\033' > bad2.json
expect_code 2 "content after the document" -- "$FEEDSCOPE" report bad2.json
has_controls "$WORK/err" && fail "an error printed a raw control character: $(cat -v "$WORK/err")"
finish
