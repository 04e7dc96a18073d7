# An input that is a pipe (a FIFO, `<(zcat t.json.gz)`, /dev/stdin) is read once as a stream
# and recognised from its first bytes; a device or folder is refused (exit 2), not read for ever.
. "$(dirname "$0")/lib.sh"
TRACE="$DATA/kineto/compare_base.json.gz"
"$FEEDSCOPE" import "$TRACE" -o s.feedscope 2>/dev/null || fail "import"
t() { timeout 20 "$FEEDSCOPE" "$@"; }
expect_code 0 "report <(zcat trace)" -- t report <(zcat "$TRACE")
grep -q "starvation" "$WORK/out" || fail "report <(zcat trace) printed no report"
expect_code 0 "report <(cat trace.gz)" -- t report <(cat "$TRACE")
expect_code 0 "report <(cat session)" -- t report <(cat s.feedscope)
expect_code 0 "report /dev/stdin < pipe" -- sh -c "zcat '$TRACE' | timeout 20 '$FEEDSCOPE' report /dev/stdin"
expect_code 0 "import <(zcat trace)" -- t import <(zcat "$TRACE") -o p.feedscope
expect_code 0 "export from a pipe" -- t export <(cat s.feedscope) --format csv -o out.csv
mkfifo fifo
(zcat "$TRACE" > fifo &)
expect_code 0 "report FIFO" -- t report fifo
expect_code 2 "report <(echo garbage)" -- t report <(echo garbage)
expect_code 2 "report /dev/zero" -- t report /dev/zero
grep -q "neither a regular file nor a pipe" "$WORK/err" || fail "report /dev/zero: $(cat "$WORK/err")"
expect_code 2 "raw-info /dev/zero" -- t raw-info /dev/zero
finish
