# A failed write is never exit 0. A full device behind stdout or -o gives exit 5 (output
# failure), with one line on stderr.
. "$(dirname "$0")/lib.sh"
TRACE="$DATA/kineto/compare_base.json.gz"
"$FEEDSCOPE" import "$TRACE" -o s.feedscope 2>/dev/null || fail "import"
expect_code 5 "report S > /dev/full" -- sh -c "\"$FEEDSCOPE\" report s.feedscope > /dev/full"
grep -q "cannot write to standard output" "$WORK/err" || fail "report > /dev/full: $(cat "$WORK/err")"
expect_code 5 "report --format json > /dev/full" -- sh -c "\"$FEEDSCOPE\" report s.feedscope --format json > /dev/full"
expect_code 5 "raw-info > /dev/full" -- sh -c "\"$FEEDSCOPE\" raw-info s.feedscope > /dev/full"
expect_code 5 "report -o /dev/full" -- "$FEEDSCOPE" report s.feedscope -o /dev/full
expect_code 5 "export -o /dev/full" -- "$FEEDSCOPE" export s.feedscope --format chrome -o /dev/full
expect_code 5 "import -o /dev/full" -- "$FEEDSCOPE" import "$TRACE" -o /dev/full
[ -c /dev/full ] || fail "/dev/full was replaced"
finish
