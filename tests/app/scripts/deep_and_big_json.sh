# JSON as deep or with numbers as large as the grammar allows: never a crash (the walks over a value
# are iterative; this once overflowed the stack at 100,000 levels), a value nested deeper than 10,000
# levels refused with exit 2 and one line saying so, wherever it is, in every command that reads it;
# a number beyond a 64-bit integer is valid JSON: kept as the text it is where Feedscope only carries
# it (args, unknown keys), refused naming the field where Feedscope computes with it (exit 2, never
# "invalid JSON").
. "$(dirname "$0")/lib.sh"
deep() { python3 -c "import sys; n=int(sys.argv[1]); sys.stdout.write('{\"a\":'*n + '1' + '}'*n)" "$1"; }
deepArray() { python3 -c "import sys; n=int(sys.argv[1]); sys.stdout.write('['*n + ']'*n)" "$1"; }
kernel() {  # kernel EXTRA-ARGS EXTRA-FIELDS
  printf '{"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":10,"dur":5,"args":{"device":0,"stream":7%s}%s}' "$1" "${2:-}"
}
trace() { printf '{"traceEvents":[%s]%s}' "$1" "${2:-}"; }

# 100,000 and 1,000,000 deep, in the args, in an unknown field of an event, at the top level, in
# deviceProperties: exit 2 with the limit named, from report, import, export and summarize.
for n in 100000 1000000; do
  trace "$(kernel ",\"x\":$(deep $n)")" > args$n.json
  trace "$(kernel "" ",\"x\":$(deepArray $n)")" > field$n.json
  trace "$(kernel "")" ",\"x\":$(deep $n)" > top$n.json
  trace "$(kernel "")" ",\"deviceProperties\":[{\"id\":0,\"x\":$(deepArray $n)}]" > dev$n.json
  for f in args$n field$n top$n dev$n; do
    for cmd in "report $f.json" "import $f.json -o $f.feedscope" "export $f.json --format chrome -o $f.out.json" \
               "summarize $f.json -o $f.fssum"; do
      expect_code 2 "$cmd" -- "$FEEDSCOPE" $cmd
      grep -q "nested deeper than 10000 levels" "$WORK/err" || fail "$cmd: the refusal does not say why: $(cat "$WORK/err")"
      [ "$(wc -l < "$WORK/err")" = 1 ] || fail "$cmd: not one line: $(cat "$WORK/err")"
    done
  done
done
# 10,000 levels read (the limit itself), are kept in the session and exported as they were written.
trace "$(kernel ",\"x\":$(deep 9997)")" > limit.json
expect_code 0 "args nested 10,000 deep" -- "$FEEDSCOPE" import limit.json -o limit.feedscope
expect_code 0 "a session with args nested 10,000 deep" -- "$FEEDSCOPE" export limit.feedscope --format chrome -o limit.out.json
python3 - limit.out.json <<'PY' || fail "the deep args were not exported as written"
import json, sys
sys.setrecursionlimit(100000)
events = [e for e in json.load(open(sys.argv[1]))["traceEvents"] if e.get("name") == "k"]
depth, v = 0, events[0]["args"]["x"]
while isinstance(v, dict):
    depth, v = depth + 1, v["a"]
assert depth == 9997 and v == 1, depth
PY

# 400 digits, 1e400 and -400 digits where Feedscope only carries the value: read, kept as written.
big=$(printf '9%.0s' $(seq 400))
for number in "$big" "-$big" "1e400" "$big.5e-3"; do
  trace "$(kernel ",\"x\":$number,\"y\":[$number]" ",\"unknown\":$number")" ",\"other\":$number,\"schemaVersion\":$number,\"deviceProperties\":[{\"id\":0,\"big\":$number}]" > carried.json
  expect_code 0 "a number $number in fields Feedscope carries" -- "$FEEDSCOPE" export carried.json --format chrome -o carried.out.json
  python3 - carried.out.json "$number" <<'PY' || fail "$number was not exported as the text it was"
import sys
text = open(sys.argv[1]).read()
assert '"x":' + sys.argv[2] + ',' in text and '"y":[' + sys.argv[2] + ']' in text, "args"
PY
done
# ... and refused naming the field where Feedscope computes with it: never "invalid JSON".
for field in pid tid ts dur; do
  for number in "$big" "-$big" "1e400"; do
    python3 - "$field" "$number" > f.json <<'PY'
import sys
event = {"ph": "X", "cat": "kernel", "name": "k", "pid": 0, "tid": 7, "ts": 10, "dur": 5, "args": {"device": 0, "stream": 7}}
text = '{"traceEvents":[' + __import__("json").dumps(event).replace('"%s": %s' % (sys.argv[1], event[sys.argv[1]]), '"%s": %s' % (sys.argv[1], sys.argv[2])) + ']}'
print(text)
PY
    expect_code 2 "$field $number" -- "$FEEDSCOPE" report f.json
    grep -q "\"$field\" of event 1 is a number beyond" "$WORK/err" || fail "$field $number: the field is not named: $(cat "$WORK/err")"
    grep -q "invalid JSON" "$WORK/err" && fail "$field $number: called invalid JSON"
  done
done
for field in device stream correlation bytes; do
  trace "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":10,\"dur\":5,\"args\":{\"device\":0,\"stream\":7,\"$field\":$big}}" > f.json
  expect_code 2 "args.$field of 400 digits" -- "$FEEDSCOPE" report f.json
  grep -q "\"args.$field\" of event 1 is a number beyond a 64-bit integer" "$WORK/err" || fail "args.$field: $(cat "$WORK/err")"
done
trace "$(kernel "")" ",\"baseTimeNanoseconds\":$big" > base.json
expect_code 2 "baseTimeNanoseconds of 400 digits" -- "$FEEDSCOPE" report base.json
grep -q "baseTimeNanoseconds out of range" "$WORK/err" || fail "baseTimeNanoseconds: $(cat "$WORK/err")"
trace "$(kernel "")" ",\"deviceProperties\":[{\"id\":4294967296,\"name\":\"GPU\"}]" > devid.json
expect_code 2 "a device id beyond 32 bits" -- "$FEEDSCOPE" report devid.json
grep -q "\"deviceProperties.id\" is a number beyond a 32-bit integer" "$WORK/err" || fail "deviceProperties.id: $(cat "$WORK/err")"
trace "$(kernel "")" ",\"distributedInfo\":{\"rank\":$big}" > rank.json
expect_code 2 "distributedInfo.rank of 400 digits" -- "$FEEDSCOPE" report rank.json
grep -q "\"distributedInfo.rank\" is a number beyond a 64-bit integer" "$WORK/err" || fail "distributedInfo.rank: $(cat "$WORK/err")"
# Damage is still damage: a number the grammar refuses is invalid JSON.
trace "$(kernel "" ",\"pid2\":01")" > damaged.json
expect_code 2 "01" -- "$FEEDSCOPE" report damaged.json
grep -q "invalid JSON" "$WORK/err" || fail "01: $(cat "$WORK/err")"
finish
