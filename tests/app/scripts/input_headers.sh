# A pipe that starts with SQLite's magic and then holds no database header (zeros, garbage) is
# refused (exit 2) from its header, before anything more is buffered: it was read to 5 GB first.
. "$(dirname "$0")/lib.sh"
if grep -q __asan_init "$FEEDSCOPE"; then limit=unlimited; else limit=1000000; fi
t() { (ulimit -v "$limit"; timeout 20 "$FEEDSCOPE" "$@"); }
# An endless stream: only a refusal from the header ends this run within the timeout.
expect_code 2 "magic then endless zeros on a pipe" -- sh -c "{ printf 'SQLite format 3\\000'; cat /dev/zero; } | { ulimit -v $limit; timeout 20 \"$FEEDSCOPE\" report /dev/stdin; }"
grep -q "not a readable database" "$WORK/err" || fail "magic + zeros: $(cat "$WORK/err")"
expect_code 2 "magic then random bytes on a pipe" -- t report <({ printf 'SQLite format 3\000'; head -c 4096 /dev/urandom; })
# A real session still streams in, and one with more bytes than its header states is refused.
"$FEEDSCOPE" import "$DATA/kineto/compare_base.json.gz" -o s.feedscope 2>/dev/null || fail "import"
expect_code 0 "a session on a pipe" -- t report <(cat s.feedscope)
expect_code 2 "a session with endless bytes after it" -- sh -c "{ cat s.feedscope; cat /dev/zero; } | { ulimit -v $limit; timeout 20 \"$FEEDSCOPE\" report /dev/stdin; }"
finish
