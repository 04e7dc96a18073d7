# `record` says when it replaces the user's own CUDA_INJECTION64_PATH (docs/recording.md): the
# warning used to be printed before it was collected, so never.
. "$(dirname "$0")/lib.sh"
[ -n "$TRACED_CHILD" ] || { echo "no traced child: skipped"; exit 0; }
echo placeholder > libfeedscope-inject.so
export FEEDSCOPE_INJECT_LIBRARY="$WORK/libfeedscope-inject.so"
cp "$TRACED_CHILD" prog
expect_code 0 "record with the user's CUDA_INJECTION64_PATH" -- \
  env CUDA_INJECTION64_PATH=/opt/other/libprofiler.so "$FEEDSCOPE" record -o a.feedscope -- ./prog --ticks 2
grep -q "warning: CUDA_INJECTION64_PATH was set to '/opt/other/libprofiler.so'" "$WORK/err" ||
  fail "no warning about the replaced CUDA_INJECTION64_PATH: $(cat "$WORK/err")"
# It comes before the program's own output, once.
[ "$(grep -c "CUDA_INJECTION64_PATH was set" "$WORK/err")" = 1 ] || fail "the warning is not printed exactly once"
expect_code 0 "record without it" -- env -u CUDA_INJECTION64_PATH "$FEEDSCOPE" record -o b.feedscope -- ./prog --ticks 2
grep -q "CUDA_INJECTION64_PATH was set" "$WORK/err" && fail "a warning without the variable set"
finish
