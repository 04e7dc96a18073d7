# An output that names one of the process's open descriptors (/dev/stderr, /dev/fd/N,
# /proc/self/fd/N) or is the file such a descriptor has open is written through that descriptor:
# appending where it appends, never replacing the file by a rename (which lost the log's earlier lines).
. "$(dirname "$0")/lib.sh"
TRACE="$DATA/kineto/compare_base.json.gz"
"$FEEDSCOPE" import "$TRACE" -o s.feedscope 2>/dev/null || fail "import"

check_log() {  # FILE INODE WHAT: the first line kept, the report appended, the same file
  [ "$(head -n 1 "$1")" = "earlier line" ] || fail "$3: the log's earlier lines were lost"
  grep -q "starvation" "$1" || fail "$3: the report did not reach the log"
  [ "$(stat -c %i "$1")" = "$2" ] || fail "$3: the log was replaced by another file"
}

for name in /dev/stderr /dev/fd/2 /proc/self/fd/2; do
  echo "earlier line" > build.log
  inode=$(stat -c %i build.log)
  "$FEEDSCOPE" report s.feedscope -o "$name" 2>>build.log || fail "report -o $name 2>>build.log failed"
  check_log build.log "$inode" "-o $name 2>>build.log"
done

echo "earlier line" > fd3.log
inode=$(stat -c %i fd3.log)
"$FEEDSCOPE" report s.feedscope -o /dev/fd/3 3>>fd3.log 2>/dev/null || fail "report -o /dev/fd/3 3>>log failed"
check_log fd3.log "$inode" "-o /dev/fd/3 3>>log"

# The same file by its own name while stderr appends to it.
echo "earlier line" > same.log
inode=$(stat -c %i same.log)
"$FEEDSCOPE" report s.feedscope -o same.log 2>>same.log || fail "report -o LOG 2>>LOG failed"
check_log same.log "$inode" "-o LOG 2>>LOG"

# Exports and sessions go through too.
echo "earlier line" > export.log
"$FEEDSCOPE" export s.feedscope --format csv -o /dev/fd/3 3>>export.log 2>/dev/null || fail "export -o /dev/fd/3"
[ "$(head -n 1 export.log)" = "earlier line" ] && grep -q "^run," export.log || fail "export -o /dev/fd/3 3>>log"

# A descriptor that is not open is refused (exit 2), nothing created.
expect_code 2 "report -o /dev/fd/7 (not open)" -- "$FEEDSCOPE" report s.feedscope -o /dev/fd/7
grep -q "not open" "$WORK/err" || fail "-o /dev/fd/7: $(cat "$WORK/err")"
finish
