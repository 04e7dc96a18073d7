# A dangling symlink or a link loop in a folder of traces (an editor's `.#notes` lock link) is
# skipped wherever it comes in the listing: first, last or in between.
. "$(dirname "$0")/lib.sh"
for where in first middle last; do
  rm -rf traces
  mkdir traces
  cp "$DATA/kineto/compare_base.json.gz" traces/b.json.gz
  cp "$DATA/kineto/compare_test.json.gz" traces/d.json.gz
  case $where in
    first) dangling=a; loop=.#a ;;
    middle) dangling=c; loop=c2 ;;
    last) dangling=z; loop=.#zz ;;
  esac
  ln -s nowhere.json traces/"$dangling".json
  ln -s "$loop".json traces/"$loop".json       # a link to itself: ELOOP
  ln -s /nonexistent traces/".#notes"
  expect_code 0 "report DIR with a dangling link and a loop ($where)" -- "$FEEDSCOPE" report traces --format json
  [ "$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["runs"]))' "$WORK/out")" = 2 ] ||
    fail "report DIR ($where) did not read the two traces"
done
# Only links: the folder holds no trace.
rm -rf only && mkdir only && ln -s nowhere.json only/x.json
expect_code 2 "a folder of dangling links" -- "$FEEDSCOPE" report only
grep -q "no trace files" "$WORK/err" || fail "folder of dangling links: $(cat "$WORK/err")"
finish
