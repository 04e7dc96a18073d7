# A corrupt trace is refused (exit 2) wherever the damage is, in fields the importer does not read
# too; traceEvents given twice is refused; a raw invalid byte or a lone surrogate in a name becomes
# U+FFFD instead of rejecting the trace.
. "$(dirname "$0")/lib.sh"
ev='{"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":10,"dur":5,"args":{"device":0,"stream":7,"correlation":1}'
write() { printf '%s' "$1" > "$2"; }
i=0
for bad in '"x":[}' '"x":tru' '"x":[1 2 3]' "\"x\":'a'" '"x":0x10' '"x":"\q"' '"x":{"a" 1}' '"x":nul' '"x":01' '"x":1.' \
           '"x":"a	b"' '"x":[1,]' '"x":{"a":1,}' '"x":-' '"x":{1:2}'; do
  i=$((i + 1))
  write "{\"traceEvents\":[$ev,$bad}]}" "event$i.json"
  expect_code 2 "an event with $bad" -- "$FEEDSCOPE" report "event$i.json"
  write "{\"traceEvents\":[{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":10,\"dur\":5,\"args\":{\"device\":0,$bad}}]}" "args$i.json"
  expect_code 2 "args with $bad" -- "$FEEDSCOPE" report "args$i.json"
  write "{\"traceEvents\":[$ev}],$bad}" "top$i.json"
  expect_code 2 "a top-level key with $bad" -- "$FEEDSCOPE" report "top$i.json"
  write "{\"deviceProperties\":[{\"id\":0,\"name\":\"GPU\",$bad}],\"traceEvents\":[$ev}]}" "dev$i.json"
  expect_code 2 "deviceProperties with $bad" -- "$FEEDSCOPE" report "dev$i.json"
done
# Valid JSON of any shape in unread fields is fine.
write "{\"traceEvents\":[$ev,\"x\":[1,{\"a\":[true,false,null,-1.5e3,\"\\u00e9\\n\"]}],\"y\":{}}],\"z\":[[]],\"deviceProperties\":[{\"id\":0,\"name\":\"GPU\",\"big\":123456789012345678901234567890}]}" good.json
expect_code 0 "valid JSON in unread fields" -- "$FEEDSCOPE" report good.json
# traceEvents twice.
write "{\"traceEvents\":[$ev}],\"traceEvents\":[$ev}]}" twice.json
expect_code 2 "traceEvents given twice" -- "$FEEDSCOPE" report twice.json
grep -q "traceEvents given twice" "$WORK/err" || fail "traceEvents twice: $(cat "$WORK/err")"
write "{\"traceEvents\":[$ev}],\"trace\\u0045vents\":{}}" twice2.json
expect_code 2 "traceEvents given twice, once escaped and not an array" -- "$FEEDSCOPE" report twice2.json
# Names: a raw \xff byte and lone surrogates become U+FFFD, the trace is read.
printf '{"traceEvents":[{"ph":"X","cat":"kernel","name":"k\377x","pid":0,"tid":7,"ts":10,"dur":5,"args":{"device":0,"stream":7}},{"ph":"X","cat":"kernel","name":"lone\\ud800 low\\udc00 pair\\ud83d\\ude00","pid":0,"tid":7,"ts":20,"dur":5,"args":{"device":0,"stream":7}}]}' > names.json
expect_code 0 "names with an invalid byte and lone surrogates" -- "$FEEDSCOPE" export names.json --format csv -o names.csv
python3 - names.csv <<'PY' || fail "the names were not made valid UTF-8 with U+FFFD"
import json, sys
text = open(sys.argv[1], encoding="utf-8").read()
assert "k\ufffdx" in text, "raw byte"
assert "lone\ufffd low\ufffd pair\U0001F600" in text, "surrogates"
PY
finish
