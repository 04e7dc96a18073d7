#!/usr/bin/env bash
# Fails when the build registered fewer tests than the floor kept in tests/min-test-count, so a
# feature silently left out of the build (no GUI, no CUDA parts) turns CI red instead of green.
# Usage: tools/check-test-count.sh BUILD_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build-dev}
floor=$(grep -v '^#' tests/min-test-count | head -n1 | tr -d '[:space:]')
count=$(ctest --test-dir "$build_dir" -N | sed -n 's/^Total Tests: \([0-9]*\)$/\1/p')
if [ -z "$count" ]; then
  echo "check-test-count: ctest listed no tests in $build_dir" >&2
  exit 1
fi
if [ "$count" -lt "$floor" ]; then
  echo "check-test-count: $count tests registered, fewer than the floor of $floor (tests/min-test-count):" \
       "a feature is missing from the build (see the configure summary above)" >&2
  exit 1
fi
echo "check-test-count: $count tests registered (floor $floor)"
