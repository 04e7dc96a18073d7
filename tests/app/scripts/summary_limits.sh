# Rank summaries (.fssum) are read as their format defines them, and no more: every summary made from
# a real trace is read back; an impossible one (a negative wait, a collective outside the rank's
# extent, a window of 2^64-1, a step ending before it starts, a wait longer than the window) is
# refused with exit 2 and one line naming the field; a summary decompressing past 64 MiB (a gzip bomb)
# stops there, in bounded memory; JSON of any depth or number size is never a crash.
. "$(dirname "$0")/lib.sh"
for t in "$DATA"/multirank/*.json.gz "$DATA"/kineto/*.json.gz "$DATA"/h200/*.json.gz; do
  n=$(basename "$t" .json.gz)
  "$FEEDSCOPE" summarize "$t" --rank 0 -o "$n.fssum" 2>"$WORK/err" || fail "summarize $n: $(cat "$WORK/err")"
  expect_code 0 "report $n.fssum" -- "$FEEDSCOPE" report "$n.fssum"
done
cp hta_sampled_rank0.fssum good.fssum
edit() {  # edit NAME PYTHON-STATEMENT-ON-d
  python3 - good.fssum "$1.fssum" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
exec(sys.argv[3])
open(sys.argv[2], "w").write(json.dumps(d).replace('"@BIG@"', "9" * 400).replace('"@E400@"', "1e400"))
PY
}
refused() {  # refused NAME PYTHON-EDIT WORDS
  edit "$1" "$2"
  expect_code 2 "$1" -- "$FEEDSCOPE" report "$1.fssum"
  grep -qF -- "$3" "$WORK/err" || fail "$1: the refusal does not say '$3': $(cat "$WORK/err")"
  [ "$(wc -l < "$WORK/err")" = 1 ] || fail "$1: not one line: $(cat "$WORK/err")"
}
refused negative-wait 'd["starvation_ns"] = -1' "'starvation_ns' out of range"
refused negative-gap 'd["gaps_ns"]["host_other"] = -5' "'gaps_ns.host_other' out of range"
refused huge-collective 'd["collectives"][0][0] = -2**62; d["collectives"][0][1] = 2**63 - 1' "'a collective's start' out of range"
refused window-2-64 'd["window_ns"] = 2**64 - 1' "'window_ns' out of range (18446744073709551615, beyond a 64-bit integer)"
refused window-400-digits 'd["window_ns"] = "@BIG@"' "'window_ns' out of range (a number of 400 characters"
refused step-minus-1ns 'd["steps"][0][2] = d["steps"][0][1] - 1' "a step ends before it starts"
refused starvation-share 'd["input_bound_pct"] = -5067786833393.83' "'input_bound_pct' out of range"
refused wait-longer-than-window 'd["starvation_ns"] = d["window_ns"] + 1' "'starvation_ns' is longer than 'window_ns'"
refused end-before-start 'd["extent_ns"] = [d["extent_ns"][1], d["extent_ns"][0]]' "'extent_ns' ends before it starts"
refused input-loop 'd["collectives"][1][7] = 1' "'a collective's input' out of range"
refused activity-past-extent 'd["activity"]["compute"] = 2**62' "'activity.compute' out of range"
refused bytes-2-64 'd["pageable_h2d"]["bytes"] = 2**64 - 1' "'pageable_h2d.bytes' out of range"
# Deep or huge JSON where the format has room for it: read; deeper than 10,000 levels: refused.
edit later-keys 'd["later"] = {"n": "@BIG@", "x": [[["@E400@"]]]}'
expect_code 0 "a later key with a 400-digit number" -- "$FEEDSCOPE" report later-keys.fssum
python3 -c "import sys; n=1000000; open('deep.fssum','w').write(open('good.fssum').read().rstrip()[:-1] + ',\"later\":' + '['*n + ']'*n + '}')"
expect_code 2 "a summary nested 1,000,000 deep" -- "$FEEDSCOPE" report deep.fssum
grep -q "nested deeper than 10000 levels" "$WORK/err" || fail "deep: $(cat "$WORK/err")"
# A gzip bomb: a good summary and 1 GiB of blanks, about 1 MB gzipped. Refused at 64 MiB with little
# memory (a summary is read whole, so the bound is what it may take).
python3 - good.fssum bomb.fssum <<'PY'
import sys, zlib
z = zlib.compressobj(9, zlib.DEFLATED, 31)
out = open(sys.argv[2], "wb")
out.write(z.compress(open(sys.argv[1], "rb").read()))
block = b" " * (1 << 24)
for _ in range(64):
    out.write(z.compress(block))
out.write(z.flush())
PY
python3 - "$FEEDSCOPE" bomb.fssum > bomb.out <<'PY'
import resource, subprocess, sys
p = subprocess.run([sys.argv[1], "report", sys.argv[2]], capture_output=True, text=True)
print(p.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024, p.stderr.strip())
PY
read -r code rss message < bomb.out
[ "$code" = 2 ] || fail "the bomb: exit $code ($message)"
[ "$rss" -lt 400 ] || fail "the bomb took $rss MiB"
[ "$message" = "feedscope: error: bomb.fssum: decompresses to more than 64 MiB, the most a rank summary holds; refusing" ] ||
  fail "the bomb: $message"
finish
