# Shared by the script-level CLI tests: usage is `bash TEST.sh FEEDSCOPE DATA_DIR [TRACED_CHILD]`.
# Each test runs in its own temporary folder, removed at the end; `fail` stops it with a message.
set -u
FEEDSCOPE=$1
DATA=$2
TRACED_CHILD=${3:-}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/feedscope-script-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1
FAILED=0

fail() {
  echo "FAIL: $*" >&2
  FAILED=1
}

# expect_code CODE DESCRIPTION -- COMMAND...: runs COMMAND, stderr to $WORK/err, checks its exit code.
expect_code() {
  local want=$1 what=$2
  shift 3
  "$@" 2>"$WORK/err" >"$WORK/out"
  local got=$?
  if [ "$got" != "$want" ]; then
    fail "$what: exit $got, expected $want; stderr: $(cat "$WORK/err")"
  fi
}

# run_count SESSION: how many runs the session holds (via the JSON report).
run_count() {
  "$FEEDSCOPE" report "$1" --format json 2>/dev/null | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["runs"]))'
}

finish() {
  if [ "$FAILED" != 0 ]; then exit 1; fi
  echo "ok"
  exit 0
}
