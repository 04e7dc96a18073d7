# INT, TERM or HUP reaching `feedscope record` after the program has ended, while it saves (here:
# while it waits for another writer's lock on the session), does not end it silently: the save
# finishes, the raw streams folder is removed, the exit status is the program's, and a line says so.
. "$(dirname "$0")/lib.sh"
[ -n "$TRACED_CHILD" ] || { echo "no traced child: skipped"; exit 0; }
echo placeholder > libfeedscope-inject.so
export FEEDSCOPE_INJECT_LIBRARY="$WORK/libfeedscope-inject.so"
cp "$TRACED_CHILD" prog
"$FEEDSCOPE" import "$DATA/kineto/compare_base.json.gz" -o s.feedscope 2>/dev/null || fail "import"
runs=1
for sig in TERM INT HUP; do
  # Another writer holds the session's lock until it is killed.
  python3 -c '
import fcntl, sys, time
f = open(sys.argv[1], "a")
fcntl.flock(f, fcntl.LOCK_EX)
open(sys.argv[2], "w").close()
time.sleep(60)' s.feedscope.lock holder-ready &
  holder=$!
  for _ in $(seq 1 100); do [ -e holder-ready ] && break; sleep 0.05; done
  # Default dispositions: a background job of a script would ignore SIGINT.
  python3 -c '
import os, signal, sys
for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP): signal.signal(s, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])' "$FEEDSCOPE" record --append -o s.feedscope --label "$sig" -- ./prog --ticks 2 --exit 3 \
    >/dev/null 2>"err-$sig" &
  recorder=$!
  for _ in $(seq 1 200); do grep -q "waiting for another feedscope" "err-$sig" && break; sleep 0.05; done
  grep -q "waiting for another feedscope" "err-$sig" || fail "SIG$sig: record never waited for the lock: $(cat "err-$sig")"
  kill -"$sig" "$recorder"
  sleep 0.3
  kill "$holder"
  wait "$holder" 2>/dev/null
  rm -f holder-ready
  wait "$recorder"
  code=$?
  [ "$code" = 3 ] || fail "SIG$sig while saving: exit $code, expected the program's 3; stderr: $(cat "err-$sig")"
  runs=$((runs + 1))
  [ "$(run_count s.feedscope)" = "$runs" ] || fail "SIG$sig while saving: the run was not saved"
  [ -z "$(ls -d s.feedscope.raw-* 2>/dev/null)" ] || fail "SIG$sig while saving left the raw folder: $(ls -d s.feedscope.raw-*)"
  grep -q "recording was finished first" "err-$sig" || fail "SIG$sig: no line says what happened: $(cat "err-$sig")"
done
finish
