# Exports for spreadsheets: a text cell from a trace (a kernel, range, run or step name) that starts
# with = + - @ (or a tab or carriage return) is a formula to Excel, LibreOffice or Google Sheets; the
# CSV exports write it with a leading ' so it shows as the text it is (OWASP, "CSV injection"),
# numbers stay numbers. An args object with a repeated key is exported once, with its last value, as
# every JSON reader reads it.
. "$(dirname "$0")/lib.sh"
python3 - <<'PY'
import json
names = ['=HYPERLINK("http://evil.example/?x","click")', "+1+2", "-2+3", "@SUM(A1:A9)", "\tTAB", "\rCR", "plain", "a=b",
         "=1,2"]
events = []
for i, n in enumerate(names):
    events.append({"ph": "X", "cat": "kernel", "name": n, "pid": 0, "tid": 7, "ts": 100 + 10 * i, "dur": 5,
                   "args": {"device": 0, "stream": 7, "correlation": i + 1}})
events.append({"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#1", "pid": 1, "tid": 1, "ts": 90, "dur": 100,
               "args": {}})
events.append({"ph": "X", "cat": "cpu_op", "name": "-op", "pid": 1, "tid": 1, "ts": 95, "dur": 50, "args": {}})
text = json.dumps({"traceEvents": events})
# A repeated key in one kernel's args: "shape" twice.
text = text.replace('"correlation": 1}', '"correlation": 1, "shape": [1], "shape": [2]}', 1)
open("=run.json", "w").write(text)
PY
expect_code 0 "export csv" -- "$FEEDSCOPE" export ./=run.json --format csv -o intervals.csv
expect_code 0 "export csv-steps" -- "$FEEDSCOPE" export ./=run.json --format csv-steps -o steps.csv
expect_code 0 "export chrome" -- "$FEEDSCOPE" export ./=run.json --format chrome -o chrome.json
python3 - intervals.csv steps.csv <<'PY' || fail "a cell a spreadsheet would run as a formula, or a number made text"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
names = {r["name"] for r in rows}
for expected in ["'=HYPERLINK(\"http://evil.example/?x\",\"click\")", "'+1+2", "'-2+3", "'@SUM(A1:A9)", "'\tTAB", "'\rCR",
                 "plain", "a=b", "'=1,2", "'-op"]:
    assert expected in names, (expected, names)
for r in rows:
    assert r["run"] == "'=run", r["run"]
    for column in ("device", "stream", "pid", "tid", "start_ns", "end_ns", "duration_ns", "bytes", "correlation"):
        int(r[column])  # numbers, negative ones (a host lane's device -1) too, stay numbers
    for cell in r.values():
        assert not cell or cell[0] not in "=+-@\t\r" or cell.lstrip("-").isdigit(), cell
assert any(r["device"] == "-1" for r in rows), "no negative number to check"
steps = list(csv.DictReader(open(sys.argv[2], newline="")))
assert steps and all(s["run"] == "'=run" for s in steps), steps
PY
python3 - chrome.json <<'PY' || fail "the repeated key was not exported once, with its last value"
import sys
text = open(sys.argv[1]).read()
assert text.count('"shape":') == 1, text.count('"shape":')
assert '"shape":[2]' in text
PY
finish
