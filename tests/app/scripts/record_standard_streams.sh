# The program `record` runs sees its standard streams as it would without Feedscope: one the caller
# left closed (0<&-, >&-, 2>&-) is closed in the program too, not the /dev/null that holds its number
# in Feedscope (user_messages.h reserveStandardDescriptors); one that is open is the caller's own.
. "$(dirname "$0")/lib.sh"
[ -n "$TRACED_CHILD" ] || { echo "skipped: no program to record"; exit 0; }
echo placeholder > libfeedscope-inject.so
export FEEDSCOPE_INJECT_LIBRARY="$WORK/libfeedscope-inject.so"
# What the program sees: each standard descriptor closed, or the file it has open.
probe='s=""; for fd in 0 1 2; do if [ -e /proc/$$/fd/$fd ]; then s="$s $fd:$(readlink /proc/$$/fd/$fd)"; else s="$s $fd:closed"; fi; done; echo "$s" > "$1"'
echo input > in.txt
for redirect in "0<&-" ">&-" "2>&-" "0<&- >&- 2>&-" "<in.txt >&-" "0<&- 2>>log.txt"; do
  rm -f plain.state recorded.state
  sh -c "sh -c '$probe' sh '$WORK/plain.state' $redirect"
  sh -c "\"$FEEDSCOPE\" record -o r.feedscope -- sh -c '$probe' sh '$WORK/recorded.state' $redirect"
  [ -s plain.state ] && [ -s recorded.state ] || { fail "$redirect: the probe did not run"; continue; }
  [ "$(cat recorded.state)" = "$(cat plain.state)" ] ||
    fail "$redirect: the program saw$(cat recorded.state), without Feedscope$(cat plain.state)"
done
finish
