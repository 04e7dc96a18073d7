# Bytes that are not UTF-8 in the program's arguments, a file name or --name/--label are made
# valid (U+FFFD) where they enter: the recording is saved and every report, JSON included, is written.
. "$(dirname "$0")/lib.sh"
bad=$'caf\xe9\xff'
json_ok() {  # json_ok FILE...: the JSON report parses and carries the replacement character
  "$FEEDSCOPE" report "$@" --format json >report.json 2>"$WORK/err" || { fail "report --format json $*: $(cat "$WORK/err")"; return; }
  python3 -c 'import json,sys; d=json.load(open("report.json", encoding="utf-8")); assert "\ufffd" in json.dumps(d, ensure_ascii=False)' \
    || fail "report --format json $*: no valid JSON with U+FFFD"
}
cp "$DATA/kineto/compare_base.json.gz" "trace-$bad.json.gz"
expect_code 0 "import of a file with a non-UTF-8 name" -- "$FEEDSCOPE" import "trace-$bad.json.gz" -o s.feedscope
json_ok s.feedscope
json_ok "trace-$bad.json.gz"
expect_code 0 "import --name with a non-UTF-8 byte" -- "$FEEDSCOPE" import "$DATA/kineto/compare_base.json.gz" -o n.feedscope --name "$bad"
json_ok n.feedscope
expect_code 0 "markdown report" -- "$FEEDSCOPE" report n.feedscope --format md
expect_code 0 "html report" -- "$FEEDSCOPE" report n.feedscope --format html -o r.html
if [ -n "$TRACED_CHILD" ]; then
  echo placeholder > libfeedscope-inject.so
  export FEEDSCOPE_INJECT_LIBRARY="$WORK/libfeedscope-inject.so"
  expect_code 0 "record with a non-UTF-8 argument" -- "$FEEDSCOPE" record -o r.feedscope --label "$bad" -- "$TRACED_CHILD" --ticks 1 "$bad"
  grep -q "type_error\|not saved" "$WORK/err" && fail "record: $(cat "$WORK/err")"
  json_ok r.feedscope
fi
finish
