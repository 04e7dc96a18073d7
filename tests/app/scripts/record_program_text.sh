# Record runs a script without "#!" with /bin/sh as execvp and the shell do (it gave 126);
# the program's own text (its command line, names) reaches the terminal without escape sequences.
. "$(dirname "$0")/lib.sh"
[ -n "$TRACED_CHILD" ] || { echo "no traced child: skipped"; exit 0; }
echo placeholder > libfeedscope-inject.so
export FEEDSCOPE_INJECT_LIBRARY="$WORK/libfeedscope-inject.so"

printf 'echo ran > ran.txt\nexit 3\n' > noshebang
chmod +x noshebang
expect_code 3 "record of a script without #!" -- timeout 20 "$FEEDSCOPE" record -o s.feedscope -- ./noshebang
[ "$(cat ran.txt 2>/dev/null)" = ran ] || fail "the script without #! did not run"

esc=$'\e]0;pwned\a\e[31m'
expect_code 0 "record with escape sequences in the arguments" -- timeout 20 "$FEEDSCOPE" record -o r.feedscope --keep-raw -- "$TRACED_CHILD" --ticks 1 "$esc"
grep -q $'\e' "$WORK/err" && fail "record wrote an escape character to the terminal"
raw=$(ls -d r.feedscope.raw-*/*.fsraw 2>/dev/null | head -1)
[ -n "$raw" ] || fail "no raw stream kept"
"$FEEDSCOPE" raw-info "$raw" > info.txt 2>&1 || fail "raw-info: $(cat info.txt)"
grep -q "ticks" info.txt || fail "raw-info does not show the command line: $(cat info.txt)"
grep -q $'\e' info.txt && fail "raw-info wrote an escape character"
finish
