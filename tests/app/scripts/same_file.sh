# An output that is the same file as an input (or as the program `record` runs) is refused
# with exit 2 and the input stays as it was, whatever name (link, ./ path) reaches it.
. "$(dirname "$0")/lib.sh"
cp "$DATA/kineto/compare_base.json.gz" t.json.gz
"$FEEDSCOPE" import t.json.gz -o s.feedscope 2>/dev/null || fail "import"
"$FEEDSCOPE" import t.json.gz -o b.feedscope 2>/dev/null || fail "import"
cp s.feedscope s.orig
cp t.json.gz t.orig
ln -s s.feedscope s-link.feedscope

expect_code 2 "report S -o S" -- "$FEEDSCOPE" report s.feedscope -o s.feedscope
expect_code 2 "report S -o link-to-S" -- "$FEEDSCOPE" report s.feedscope -o ./s-link.feedscope
expect_code 2 "report A --compare B -o B" -- "$FEEDSCOPE" report t.json.gz --compare s.feedscope -o s.feedscope
expect_code 2 "export S -o S" -- "$FEEDSCOPE" export s.feedscope --format csv -o s.feedscope
expect_code 2 "import T -o T" -- "$FEEDSCOPE" import t.json.gz -o t.json.gz
expect_code 2 "import T -o T --append" -- "$FEEDSCOPE" import s.feedscope -o s.feedscope --append
expect_code 2 "merge A B -o B" -- "$FEEDSCOPE" merge s.feedscope b.feedscope -o ./b.feedscope
grep -q "same file as the input" "$WORK/err" || fail "the refusal does not say why: $(cat "$WORK/err")"
cmp -s s.feedscope s.orig || fail "the session was changed"
cmp -s t.json.gz t.orig || fail "the trace was changed"

if [ -n "$TRACED_CHILD" ]; then
  echo placeholder > libfeedscope-inject.so
  export FEEDSCOPE_INJECT_LIBRARY="$WORK/libfeedscope-inject.so"
  cp "$TRACED_CHILD" prog
  cp prog prog.orig
  echo 'print("train")' > train.py
  cp train.py train.orig
  expect_code 2 "record -o PROGRAM" -- "$FEEDSCOPE" record -o prog -- ./prog --ticks 1
  expect_code 2 "record -o an argument of the program" -- "$FEEDSCOPE" record -o train.py -- ./prog train.py
  cmp -s prog prog.orig || fail "record replaced the program"
  cmp -s train.py train.orig || fail "record replaced the program's input"
fi
finish
