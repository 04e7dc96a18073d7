# Every numeric option is range-checked (exit 2) and no figure is ever printed wrapped: nan and inf
# are refused, and so is a value that would overflow the nanoseconds it becomes.
. "$(dirname "$0")/lib.sh"
"$FEEDSCOPE" import "$DATA/kineto/compare_base.json.gz" -o s.feedscope 2>/dev/null || fail "import"
for v in 1e-12 nan inf -inf -1 0 1e300 abc; do
  expect_code 2 "--pinned-gbps $v" -- "$FEEDSCOPE" report s.feedscope --pinned-gbps "$v"
  grep -q "pinned-gbps" "$WORK/err" || fail "--pinned-gbps $v: the error does not name the option: $(cat "$WORK/err")"
done
expect_code 0 "--pinned-gbps 12" -- "$FEEDSCOPE" report s.feedscope --pinned-gbps 12
for rule in 'step_time<1e30ms' 'step_time>-1e30s' 'steps.median_ns>1e19' 'step_time<nan ms' 'starvation_pct>inf'; do
  expect_code 2 "--fail-if '$rule'" -- "$FEEDSCOPE" report s.feedscope --fail-if "$rule"
  grep -q -- "-9223372036\|-922337203685" "$WORK/err" && fail "--fail-if '$rule' printed a wrapped value: $(cat "$WORK/err")"
done
for opt in "--delay nan" "--delay 1e300" "--duration inf" "--duration nan" "--flush-ms nan"; do
  # shellcheck disable=SC2086
  expect_code 2 "record $opt" -- "$FEEDSCOPE" record $opt -- true
done
# Refused while parsing, before any GPU is looked for (which would be exit 3 here).
for opt in "demo --compute-ms nan" "demo --load-ms inf" "demo --batch-mib nan" "demo --steps 1e300" "demo --workers nan" \
           "demo --depth inf" "demo --device 1e30" "calibrate --device nan" "calibrate --device 99999999999"; do
  # shellcheck disable=SC2086
  expect_code 2 "$opt" -- "$FEEDSCOPE" $opt
done
finish
