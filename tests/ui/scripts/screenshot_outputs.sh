# feedscope-gui --screenshot writes its PNG as the CLI writes its outputs (store/output_check.h,
# store/atomic_file.h): never over one of the files it opens, whatever name reaches it (the same path, ./,
# a symbolic or hard link, a member of an opened folder), with exit 2 and one line saying why, the
# input left byte for byte; a missing folder is refused before anything is read; a regular file is
# written through a temporary renamed over it, and /dev/stdout is written through.
# Usage: bash screenshot_outputs.sh FEEDSCOPE-GUI DATA_DIR
. "$(dirname "$0")/../../app/scripts/lib.sh"
GUI=$FEEDSCOPE
export QT_QPA_PLATFORM=offscreen HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/.config" XDG_RUNTIME_DIR="$WORK/run"
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
zcat "$DATA/kineto/compare_base.json.gz" > v.json
cp v.json v.orig
ln -s v.json link.json
ln v.json hard.json
mkdir ranks
cp v.json ranks/rank0.json
cp v.json ranks/rank0.orig

refused() {  # refused DESCRIPTION FILE-THAT-MUST-STAY ORIGINAL -- COMMAND...
  local what=$1 kept=$2 orig=$3
  shift 4
  expect_code 2 "$what" -- "$@"
  grep -q "is the same file as the input" "$WORK/err" || fail "$what: the refusal does not say why: $(cat "$WORK/err")"
  cmp -s "$kept" "$orig" || fail "$what: the input was changed"
  cp "$orig" "$kept"  # each case starts from the input as it was
}
refused "--screenshot INPUT INPUT" v.json v.orig -- timeout 60 "$GUI" --screenshot v.json v.json
refused "--screenshot ./INPUT INPUT" v.json v.orig -- timeout 60 "$GUI" --screenshot ./v.json v.json
refused "--screenshot LINK-TO-INPUT INPUT" v.json v.orig -- timeout 60 "$GUI" --screenshot link.json v.json
refused "--screenshot HARD-LINK INPUT" v.json v.orig -- timeout 60 "$GUI" --screenshot hard.json v.json
refused "--screenshot INPUT LINK-TO-INPUT" v.json v.orig -- timeout 60 "$GUI" --screenshot "$WORK/v.json" link.json
refused "--screenshot MEMBER FOLDER" ranks/rank0.json ranks/rank0.orig -- timeout 60 "$GUI" --screenshot ranks/rank0.json ranks
refused "--screenshot SECOND-INPUT A B" v.json v.orig -- timeout 60 "$GUI" --screenshot v.json ranks/rank0.json v.json
[ -L link.json ] || fail "the link was replaced"

# A folder that does not exist: refused before the files are read, exit 2.
expect_code 2 "--screenshot into a missing folder" -- timeout 60 "$GUI" --screenshot nodir/shot.png v.json
grep -q "nodir" "$WORK/err" || fail "the missing folder is not named: $(cat "$WORK/err")"

# A new file: a PNG, and no temporary left beside it.
expect_code 0 "--screenshot shot.png" -- timeout 60 "$GUI" --screenshot shot.png v.json
head -c 8 shot.png | od -An -c | grep -q "P   N   G" || fail "shot.png is not a PNG"
left=$(ls -A | grep -v -x -e v.json -e v.orig -e link.json -e hard.json -e ranks -e shot.png -e home -e run -e err -e out)
[ -z "$left" ] || fail "files left beside the screenshot: $left"
# Through a link to a file that is no input: the link is kept, the file it names gets the PNG.
echo old > target.png
ln -s target.png shot-link.png
expect_code 0 "--screenshot LINK" -- timeout 60 "$GUI" --screenshot shot-link.png v.json
[ -L shot-link.png ] || fail "the output link was replaced by a file"
head -c 8 target.png | od -An -c | grep -q "P   N   G" || fail "the link's target did not get the PNG"
# Standard output is written through.
timeout 60 "$GUI" --screenshot /dev/stdout v.json > stdout.png 2>"$WORK/err" || fail "--screenshot /dev/stdout: $(cat "$WORK/err")"
head -c 8 stdout.png | od -An -c | grep -q "P   N   G" || fail "--screenshot /dev/stdout wrote no PNG"
finish
