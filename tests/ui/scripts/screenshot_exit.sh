# feedscope-gui --screenshot with a file it cannot open (missing, empty, damaged, nested too deep, a
# folder without traces) ends with exit 2 after one line saying why, never a crash: every child process it started
# (the GPU probe, `feedscope devices`) has ended before the window goes, so Qt never destroys one
# still running. No PNG is written.
# Usage: bash screenshot_exit.sh FEEDSCOPE-GUI DATA_DIR
. "$(dirname "$0")/../../app/scripts/lib.sh"
GUI=$FEEDSCOPE
export QT_QPA_PLATFORM=offscreen HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/.config" XDG_RUNTIME_DIR="$WORK/run"
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
: > empty.json
printf '{"traceEvents": [{"ph": "X", "na' > damaged.json
head -c 3000 "$DATA/kineto/a100_simple_add.json.gz" > cut.json.gz
python3 -c "import sys; n=100000; sys.stdout.write('{\"traceEvents\":[{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"pid\":0,\"tid\":7,\"ts\":1,\"dur\":5,\"args\":{\"x\":' + '['*n + ']'*n + '}}]}')" > deep.json
mkdir no-traces
echo text > no-traces/notes.txt

check() {  # check DESCRIPTION WORDS -- COMMAND...
  local what=$1 words=$2
  shift 3
  expect_code 2 "$what" -- "$@"
  grep -q -- "$words" "$WORK/err" || fail "$what: the error does not say '$words': $(cat "$WORK/err")"
  grep -q "QProcess" "$WORK/err" && fail "$what: a child process was left running: $(cat "$WORK/err")"
  [ "$(grep -c "feedscope-gui" "$WORK/err")" = 1 ] || fail "$what: not one line of feedscope-gui: $(cat "$WORK/err")"
  [ -e o.png ] && fail "$what: a PNG was written"
  rm -f o.png
}
check "a missing file" "no such file" -- timeout 60 "$GUI" --screenshot o.png missing.json
check "an empty file" "empty" -- timeout 60 "$GUI" --screenshot o.png empty.json
check "a damaged file" "damaged.json" -- timeout 60 "$GUI" --screenshot o.png damaged.json
check "a truncated gzip" "cut.json.gz" -- timeout 60 "$GUI" --screenshot o.png cut.json.gz
check "args nested 100,000 deep" "nested deeper than 10000 levels" -- timeout 60 "$GUI" --screenshot o.png deep.json
check "a folder without traces" "no-traces" -- timeout 60 "$GUI" --screenshot o.png no-traces
check "a bad --range" "--range" -- timeout 60 "$GUI" --screenshot o.png --range 5:1 missing.json
finish
