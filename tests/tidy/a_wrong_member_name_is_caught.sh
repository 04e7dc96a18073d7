#!/usr/bin/env bash
# The naming check of .clang-tidy refuses a camelCase private member and accepts the lower_case one.
# Skipped (77) where clang-tidy is not installed.
set -uo pipefail
root=$1
tidy=$(command -v clang-tidy-14 || command -v clang-tidy || true)
[ -n "$tidy" ] || { echo "clang-tidy not installed: skipped"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$root/.clang-tidy" "$work/"
cp "$root/tests/tidy/wrong_member_name.cpp" "$work/wrong.cpp"
sed 's/eventCount_/event_count_/g' "$root/tests/tidy/wrong_member_name.cpp" >"$work/right.cpp"
if "$tidy" --quiet "$work/wrong.cpp" -- -std=c++20 >"$work/out" 2>&1; then
  echo "FAIL: eventCount_ was accepted"; cat "$work/out"; exit 1
fi
grep -q "invalid case style for private member 'eventCount_'" "$work/out" || { echo "FAIL: not the naming check:"; cat "$work/out"; exit 1; }
"$tidy" --quiet "$work/right.cpp" -- -std=c++20 >"$work/out" 2>&1 || { echo "FAIL: event_count_ was refused"; cat "$work/out"; exit 1; }
echo "ok: the naming check refuses eventCount_ and accepts event_count_"
