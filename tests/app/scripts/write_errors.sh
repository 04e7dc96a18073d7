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
# Every export format and a file that hits the size limit (a full disk, as the process sees it:
# EFBIG with SIGXFSZ ignored): exit 5, never "internal error".
for format in csv csv-steps chrome; do
  expect_code 5 "export --format $format -o /dev/full" -- "$FEEDSCOPE" export s.feedscope --format "$format" -o /dev/full
  grep -q "internal error" "$WORK/err" && fail "export --format $format -o /dev/full: $(cat "$WORK/err")"
  expect_code 5 "export --format $format onto a full file system" -- \
    sh -c "trap '' XFSZ; ulimit -f 0; exec \"$FEEDSCOPE\" export s.feedscope --format $format -o big.$format"
  [ -e "big.$format" ] && fail "export --format $format left a partial file"
done
expect_code 5 "report > a full file system" -- sh -c "trap '' XFSZ; ulimit -f 0; exec \"$FEEDSCOPE\" report s.feedscope --format html > big.html"
[ -c /dev/full ] || fail "/dev/full was replaced"
finish
