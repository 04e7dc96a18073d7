#!/usr/bin/env bash
# Fails when the build registered fewer tests of a label than its floor in tests/test-floors, so a
# feature silently left out of the build (no GUI, no CUDA parts) turns CI red instead of green. A
# floor per label, with slack: a suite that goes missing is caught, a test merged into another is not.
# Usage: tools/check-test-count.sh BUILD_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build-dev}
status=0
summary=()
while read -r label floor _; do
  case "$label" in ''|'#'*) continue ;; esac
  count=$(ctest --test-dir "$build_dir" -N -L "^${label}\$" | sed -n 's/^Total Tests: \([0-9]*\)$/\1/p')
  count=${count:-0}
  summary+=("$label $count/$floor")
  if [ "$count" -lt "$floor" ]; then
    echo "check-test-count: $count tests labelled '$label' registered, fewer than its floor of $floor" \
         "(tests/test-floors): a part is missing from the build (see the configure summary above)" >&2
    status=1
  fi
done < tests/test-floors
echo "check-test-count: ${summary[*]} (registered/floor)"
exit $status
