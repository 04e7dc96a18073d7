#!/usr/bin/env bash
# `feedscope-gui --screenshot --size WxH` writes a picture of exactly that size, whatever is opened: a
# job of 32 ranks (whose ranks table over the charts once made a 1280x800 window 927 px tall, issue 34
# item 2) on each tab, and the five H200 traces.
#   screenshot_size_test.sh FEEDSCOPE_GUI MAKE_JOB_TRACES TEST_DATA_DIR
set -euo pipefail
gui=$1 make_job=$2 data=$3
fail() { echo "screenshot_size_test: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export QT_QPA_PLATFORM=offscreen
"$make_job" --shape hsdp "$work/job" 32 4 5 load 5 >/dev/null
# The PNG's IHDR: width and height, big-endian, at bytes 16..23.
size_of() { od -An -tu1 -j16 -N8 "$1" | awk '{printf "%dx%d", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8}'; }
for size in 1280x800 1920x1080; do
  for tab in timeline compare; do
    "$gui" --screenshot "$work/job-$tab-$size.png" --size "$size" --tab "$tab" "$work/job" 2>"$work/err" ||
      fail "job $tab $size: exit $? ($(tail -1 "$work/err"))"
    got=$(size_of "$work/job-$tab-$size.png")
    [ "$got" = "$size" ] || fail "job of 32 ranks, $tab tab: asked $size, wrote $got"
  done
done
"$gui" --screenshot "$work/h200.png" --size 1280x800 "$data"/h200/h200_{naive,stream,trap,custombatch,prefetch}.json.gz 2>"$work/err" ||
  fail "five H200 traces: exit $?"
got=$(size_of "$work/h200.png")
[ "$got" = 1280x800 ] || fail "five H200 traces: asked 1280x800, wrote $got"
echo "screenshot_size_test: every picture is the size asked"
