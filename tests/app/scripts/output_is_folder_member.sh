# An output that is one of the files a folder input is read as (its trace files, however the path or
# a link reaches them) is refused with exit 2 and the trace stays as it was: the check compares the
# output with every input actually read, not with the folder's own name.
. "$(dirname "$0")/lib.sh"
mkdir traces elsewhere
cp "$DATA/kineto/compare_base.json.gz" traces/a.json.gz
cp "$DATA/kineto/compare_test.json.gz" traces/b.json.gz
cp "$DATA/kineto/compare_test.json.gz" elsewhere/c.json.gz
ln -s ../elsewhere/c.json.gz traces/c.json.gz   # a member that is a link to a file outside
ln -s traces/b.json.gz b-link.json.gz
"$FEEDSCOPE" import "$DATA/kineto/compare_base.json.gz" -o s.feedscope 2>/dev/null || fail "import"
for f in traces/a.json.gz traces/b.json.gz elsewhere/c.json.gz; do cp "$f" "$f.orig"; done

expect_code 2 "report DIR -o DIR/member" -- "$FEEDSCOPE" report traces -o traces/a.json.gz
grep -q "same file as the input" "$WORK/err" || fail "the refusal does not say why: $(cat "$WORK/err")"
expect_code 2 "report DIR/ -o ./DIR/../DIR/member" -- "$FEEDSCOPE" report traces/ -o ./traces/../traces/b.json.gz
expect_code 2 "report DIR -o a link to a member" -- "$FEEDSCOPE" report traces -o b-link.json.gz
expect_code 2 "report DIR -o the file a member links to" -- "$FEEDSCOPE" report traces -o elsewhere/c.json.gz
expect_code 2 "report S --compare DIR -o DIR/member" -- "$FEEDSCOPE" report s.feedscope --compare traces -o traces/a.json.gz
expect_code 2 "export DIR -o DIR/member" -- "$FEEDSCOPE" export traces --format csv -o traces/a.json.gz
for f in traces/a.json.gz traces/b.json.gz elsewhere/c.json.gz; do
  cmp -s "$f" "$f.orig" || fail "$f was changed"
done
# A new file in the folder is no input: allowed.
expect_code 0 "report DIR -o DIR/new file" -- "$FEEDSCOPE" report traces -o traces/report.txt
finish
