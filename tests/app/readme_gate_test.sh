#!/usr/bin/env bash
# The README's CI excerpt ("Gating a training job's CI") does what the README says: its --fail-if
# flags, read from the yaml block itself, fail the bundled plain H200 loop (exit 4, the three lines
# shown) and pass the one that prefetches on a side stream (exit 0, nothing on stderr).
#   readme_gate_test.sh FEEDSCOPE_CLI SOURCE_DIR
set -euo pipefail
cli=$1 root=$2
fail() { echo "readme_gate_test: $*" >&2; exit 1; }
readme=$root/README.md
# The flags of the yaml block's report command, as a user copies them.
flags=$(sed -n '/^```yaml/,/^```/p' "$readme" | grep -o "\-\-fail-if '[^']*'" | tr '\n' ' ')
[ -n "$flags" ] || fail "no --fail-if flags in the README's yaml block"
eval "set -- $flags"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
"$cli" report "$root/resources/samples/h200_naive.json.gz" "$@" >/dev/null 2>"$work/naive.err" || status=$?
[ "$status" = 4 ] || fail "h200_naive: exit $status, the README says 4"
# Every line the README shows for it, and no other.
shown=$(grep '^    feedscope: threshold crossed' "$readme" | sed 's/^    //')
[ "$(cat "$work/naive.err")" = "$shown" ] || fail "h200_naive printed:
$(cat "$work/naive.err")
the README shows:
$shown"
status=0
"$cli" report "$root/resources/samples/h200_stream.json.gz" "$@" >/dev/null 2>"$work/stream.err" || status=$?
[ "$status" = 0 ] || fail "h200_stream: exit $status, the README says 0: $(cat "$work/stream.err")"
[ ! -s "$work/stream.err" ] || fail "h200_stream printed: $(cat "$work/stream.err")"
echo "readme_gate_test: the README's thresholds fail the plain loop and pass the prefetching one"
