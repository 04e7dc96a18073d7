#!/usr/bin/env bash
# The folder tests/gpu/pack-device-folder.sh makes for the GPU machine, checked where it can be: packed
# from this build, copied elsewhere (no build tree beside it, the way it reaches the GPU machine),
# then read and run with no LD_LIBRARY_PATH:
#   - every RUNPATH entry is $ORIGIN-relative or absolute, none empty (the loader reads an empty one as
#     the current directory);
#   - every library the packed binaries need resolves, the carried ones to the copy's own lib/;
#   - `record` finds the copy's libfeedscope-inject.so, not the build tree's;
#   - `record -- true` on a machine without a GPU returns the program's status, 0, and says on stderr
#     that nothing was recorded.
# Usage: check-device-folder.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
source_dir=$1 build=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check-device-folder: $*" >&2; exit 1; }

"$source_dir/tests/gpu/pack-device-folder.sh" "$build" "$work/packed" --no-strip >/dev/null
mkdir "$work/elsewhere"
cp -a "$work/packed" "$work/elsewhere/device"
rm -rf "$work/packed"
copy=$work/elsewhere/device
cd "$work/elsewhere"  # a relative entry would resolve here: nothing may depend on it
unset LD_LIBRARY_PATH

ours=("$copy"/bin/* "$copy/lib/feedscope/libfeedscope-inject.so")
for f in "${ours[@]}"; do
  runpath=$(readelf -d "$f" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p')
  [ -n "$runpath" ] || fail "$(basename "$f") has no RUNPATH"
  IFS=: read -r -a entries <<<"$runpath:"
  [ "${#entries[@]}" -gt 0 ] || fail "$(basename "$f"): RUNPATH '$runpath' has no entry"
  case ":$runpath:" in *::*) fail "$(basename "$f"): RUNPATH '$runpath' has an empty entry (read as the current folder)" ;; esac
  for e in "${entries[@]}"; do
    case $e in '$ORIGIN'* | /*) ;; *) fail "$(basename "$f"): RUNPATH entry '$e' is relative to the current folder" ;; esac
  done
  missing=$(ldd "$f" | grep 'not found' || true)
  [ -z "$missing" ] || fail "$(basename "$f") cannot load: $missing"
done
# The carried libraries and libcupti come from the copy itself.
for lib in "$copy"/lib/*.so* "$copy"/lib/feedscope/libcupti.so*; do
  [ -e "$lib" ] || continue
  name=$(basename "$lib")
  resolved=$(ldd "$copy/bin/feedscope" | awk -v n="$name" '$1 == n {print $3}')
  [ -z "$resolved" ] || [ "$(realpath "$resolved")" = "$(realpath "$lib")" ] ||
    fail "bin/feedscope loads $name from $resolved, not from the folder's own $lib"
done
ls "$copy"/lib/feedscope/libcupti.so.* >/dev/null 2>&1 || fail "libcupti was not packed into lib/feedscope/"

found=$("$copy/bin/feedscope" record --print-injection-path 2>"$work/where.err") ||
  fail "the copied feedscope cannot find its library: $(cat "$work/where.err")"
[ "$found" = "$(realpath "$copy/lib/feedscope/libfeedscope-inject.so")" ] ||
  fail "the copied feedscope would load $found, not its own lib/feedscope/libfeedscope-inject.so"

status=0
"$copy/bin/feedscope" record -o "$work/true.feedscope" -- true 2>"$work/record.err" || status=$?
if grep -q 'libfeedscope-inject.so not found' "$work/record.err"; then fail "record from the copy: $(cat "$work/record.err")"; fi
if nvidia-smi >/dev/null 2>&1; then
  echo "check-device-folder: a GPU is present: the no-GPU record check is left to the GPU machine"
else
  [ "$status" = 0 ] || fail "record -- true returned $status, not the program's 0: $(cat "$work/record.err")"
  grep -q 'nothing was recorded' "$work/record.err" ||
    fail "record -- true did not say that nothing was recorded: $(cat "$work/record.err")"
fi
echo "check-device-folder: the packed folder runs from a copy, RUNPATH $runpath"
