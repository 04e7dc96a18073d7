# `-o` writes through what is not a regular file (a device, a FIFO, /dev/stdout) instead of
# replacing it, follows symlinks to the real file, never follows a planted temporary, copes with long
# names, and leaves no temporary behind after SIGINT/SIGTERM/SIGHUP or a SIGKILLed writer.
. "$(dirname "$0")/lib.sh"
TRACE="$DATA/kineto/compare_base.json.gz"
"$FEEDSCOPE" import "$TRACE" -o s.feedscope 2>/dev/null || fail "import"

# A character device stays one.
for cmd in "report s.feedscope" "export s.feedscope --format csv" "import $TRACE"; do
  expect_code 0 "$cmd -o /dev/null" -- "$FEEDSCOPE" $cmd -o /dev/null
  [ -c /dev/null ] || { fail "$cmd -o /dev/null replaced /dev/null"; mknod -m 666 /dev/null c 1 3; }
done

# A FIFO is written through: the reader gets the report, the FIFO stays a FIFO.
mkfifo pipe
cat pipe > from-pipe &
reader=$!
expect_code 0 "report -o FIFO" -- timeout 20 "$FEEDSCOPE" report s.feedscope -o pipe
wait "$reader"
[ -p pipe ] || fail "report -o FIFO replaced the FIFO"
grep -q "starvation" from-pipe || fail "the FIFO's reader got no report"
# A session through a FIFO too (SQLite writes a scratch file, then it is copied through).
cat pipe > session-from-pipe &
reader=$!
expect_code 0 "import -o FIFO" -- timeout 20 "$FEEDSCOPE" import "$TRACE" -o pipe
wait "$reader"
[ -p pipe ] || fail "import -o FIFO replaced the FIFO"
"$FEEDSCOPE" report session-from-pipe >/dev/null 2>&1 || fail "the session that came through the FIFO does not open"

# /dev/stdout is the process's standard output, not a file to replace.
"$FEEDSCOPE" report s.feedscope -o /dev/stdout 2>/dev/null | grep -q "starvation" || fail "-o /dev/stdout into a pipe"

# A symlink: the file it points to is replaced, the link stays a link (a dangling one creates it).
mkdir real
echo old > real/report.txt
ln -s real/report.txt link.txt
expect_code 0 "report -o symlink" -- "$FEEDSCOPE" report s.feedscope -o link.txt
[ -L link.txt ] || fail "report -o symlink replaced the link with a file"
grep -q "starvation" real/report.txt || fail "the symlink's target was not written"
[ -z "$(ls real | grep -v '^report.txt$')" ] || fail "temporaries left in the link's real folder: $(ls real)"
ln -s real/new.txt dangling.txt
expect_code 0 "report -o dangling symlink" -- "$FEEDSCOPE" report s.feedscope -o dangling.txt
[ -L dangling.txt ] && [ -f real/new.txt ] || fail "a dangling link's target was not created through it"

# A temporary name planted as a symlink is never followed (the old names were out.txt.tmp-PID-1).
echo precious > victim
next=$(sh -c 'echo $$')
for pid in $(seq "$next" $((next + 300))); do ln -s "$WORK/victim" "out.txt.tmp-$pid-1"; done
expect_code 0 "report with planted temporary links" -- "$FEEDSCOPE" report s.feedscope -o out.txt
[ "$(cat victim)" = precious ] || fail "a planted temporary symlink was followed: the victim was overwritten"
rm -f out.txt.tmp-*

# A long but valid name (255 bytes) works: the temporary's suffix must not push it past NAME_MAX.
long=$(printf 'r%.0s' $(seq 1 250)).txt
expect_code 0 "report -o a 254-byte name" -- "$FEEDSCOPE" report s.feedscope -o "$long"
[ -s "$long" ] || fail "the long-named report was not written"
expect_code 0 "import -o a 254-byte name" -- "$FEEDSCOPE" import "$TRACE" -o "$long"

# A writer ended by a catchable signal removes its temporary. The write blocks on a FIFO nobody
# reads, so the signal comes while the scratch temporary exists. python3 restores default dispositions
# (a background job of a script ignores SIGINT).
mkdir scratch
for sig in TERM INT HUP; do
  TMPDIR="$WORK/scratch" python3 -c '
import os, signal, sys
for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP): signal.signal(s, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])' "$FEEDSCOPE" import "$TRACE" -o pipe 2>/dev/null &
  writer=$!
  for _ in $(seq 1 200); do [ -n "$(ls scratch)" ] && break; sleep 0.05; done
  [ -n "$(ls scratch)" ] || fail "SIG$sig: the scratch temporary never appeared"
  kill -"$sig" "$writer"
  wait "$writer" 2>/dev/null
  [ -z "$(ls scratch)" ] || fail "SIG$sig left a temporary: $(ls scratch)"
  rm -f scratch/*
done

# A temporary of a writer that died (SIGKILL: nothing runs) is removed by the next write to the target;
# one whose writer lives (pid alive, lock held) is not.
dead=$(sh -c 'echo $$')
while kill -0 "$dead" 2>/dev/null; do dead=$((dead + 1)); done
echo stale > "out.txt.tmp-$dead-AbCdEf"
exec 9>"out.txt.tmp-$$-LiVeXx"
flock 9
expect_code 0 "report after a killed writer" -- "$FEEDSCOPE" report s.feedscope -o out.txt
[ -e "out.txt.tmp-$dead-AbCdEf" ] && fail "the dead writer's temporary was not removed"
[ -e "out.txt.tmp-$$-LiVeXx" ] || fail "a live writer's temporary was removed"
exec 9>&-
finish
