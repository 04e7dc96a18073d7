#!/usr/bin/env bash
# Installs the build into a throwaway prefix and runs the installed binaries from there, away from the
# source and build trees: report on a bundled sample, the GUI's screenshot offscreen, and where
# `record` finds libfeedscope-inject.so (the machine may have no GPU, so nothing is recorded).
# Usage: check-staged-install.sh BUILD_DIR HAVE_GUI(0|1) HAVE_CUDA(0|1)
set -euo pipefail
build=$1 have_gui=$2 have_cuda=$3
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
fail() { echo "check-staged-install: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$stage" >"$stage.log" 2>&1 || { cat "$stage.log" >&2; fail "cmake --install failed"; }
rm -f "$stage.log"
cd "$stage"  # nothing may be found relative to the source or build tree
cli=$stage/bin/feedscope

"$cli" --version | grep -q '^feedscope [0-9]' || fail "feedscope --version printed no version"
"$cli" version | grep -q '^GUI: ' || fail "feedscope version printed no features"

"$cli" report share/feedscope/samples/h200_naive.json.gz >report.txt || fail "report on the bundled sample failed"
grep -q 'starvation (compute idle)' report.txt || fail "the report has no starvation figure"

for f in share/man/man1/feedscope.1 share/bash-completion/completions/feedscope share/zsh/vendor-completions/_feedscope \
         share/doc/feedscope/README.md share/doc/feedscope/recording.md; do
  [ -s "$f" ] || fail "$f was not installed"
done
bash -n share/bash-completion/completions/feedscope || fail "the installed bash completion is not valid bash"
if command -v man >/dev/null; then
  MANWIDTH=80 man -l share/man/man1/feedscope.1 2>/dev/null | grep -q 'EXIT STATUS' || fail "man cannot read feedscope.1"
fi

if [ "$have_gui" = 1 ]; then
  for f in share/applications/feedscope-gui.desktop share/icons/hicolor/scalable/apps/feedscope.svg; do
    [ -s "$f" ] || fail "$f was not installed"
  done
  QT_QPA_PLATFORM=offscreen "$stage/bin/feedscope-gui" share/feedscope/samples/h200_naive.json.gz \
    --screenshot "$stage/shot.png" --size 800x500 || fail "feedscope-gui --screenshot failed"
  [ "$(head -c 4 shot.png | tail -c 3)" = PNG ] || fail "feedscope-gui wrote no PNG"
fi

library=$("$cli" record --print-injection-path 2>record.err) && found=0 || found=$?
if [ "$have_cuda" = 1 ]; then
  [ "$found" = 0 ] || fail "record did not find its library: $(cat record.err)"
  [ "$library" = "$(realpath "$stage/lib/feedscope/libfeedscope-inject.so")" ] ||
    fail "record found $library, not the installed $stage/lib/feedscope/libfeedscope-inject.so"
  ls lib/feedscope/libcupti.so.* >/dev/null 2>&1 || fail "libcupti was not installed beside the injection library"
else
  [ "$found" = 3 ] && grep -q 'libfeedscope-inject.so not found' record.err ||
    fail "a build without CUDA should say it cannot record (exit $found)"
fi
echo "check-staged-install: the installed feedscope runs from $stage"
