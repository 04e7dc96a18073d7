#!/usr/bin/env bash
# Runs clang-tidy with the root's .clang-tidy (one naming style for non-public data members) on the
# C++ sources a change touches, with the flags of build-dev/compile_commands.json.
#   tools/clang-tidy-changed.sh [BASE]   BASE: the commit to compare with (default HEAD~1: in CI, a
#                                        clean checkout of main, the last commit's files)
# A changed header is checked through the source of the same name beside it. CUDA sources (nvcc's
# flags) are left out. Exits 1 when clang-tidy reports anything, 2 when it cannot run.
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-HEAD~1}
build=${FEEDSCOPE_TIDY_BUILD:-build-dev}
tidy=$(command -v clang-tidy-14 || command -v clang-tidy || true)
if [ -z "$tidy" ]; then
  echo "clang-tidy-changed: clang-tidy is not installed (apt install clang-tidy)" >&2
  exit 2
fi
if [ ! -f "$build/compile_commands.json" ]; then
  echo "clang-tidy-changed: $build/compile_commands.json is missing (configure with cmake --preset dev)" >&2
  exit 2
fi
if ! git rev-parse -q --verify "$base^{commit}" >/dev/null; then
  base=$(git hash-object -t tree /dev/null)  # a first commit: everything is new
fi
compiled=$(python3 -c 'import json,os,sys; print("\n".join(sorted({os.path.relpath(e["file"]) for e in json.load(open(sys.argv[1]))})))' \
  "$build/compile_commands.json")
sources=()
while IFS= read -r f; do
  case "$f" in
    *.h) f="${f%.h}.cpp" ;;
    *.cpp) ;;
    *) continue ;;
  esac
  if grep -qxF "$f" <<<"$compiled" && [[ ! " ${sources[*]} " == *" $f "* ]]; then sources+=("$f"); fi
done < <(git diff --name-only --diff-filter=AMR "$base" -- '*.cpp' '*.h')
if [ ${#sources[@]} -eq 0 ]; then
  echo "clang-tidy-changed: no C++ source changed since $(git rev-parse --short "$base" 2>/dev/null || echo "$base")"
  exit 0
fi
echo "clang-tidy-changed: ${#sources[@]} source(s) against $base"
# g++-only warning flags and -Werror in the build are not clang-tidy's business here (only the naming is).
status=0
out=$("$tidy" -p "$build" --quiet --extra-arg=-Wno-unknown-warning-option --extra-arg=-Wno-error "${sources[@]}" 2>&1) || status=$?
grep -v -e '^[0-9]* warnings\? generated' -e '^Suppressed ' -e '^Use -header-filter' <<<"$out" || true
[ "$status" -eq 0 ] || exit 1
