#!/usr/bin/env bash
# Builds the .deb with CPack into a throwaway folder and checks its name, its Debian dependencies and
# its files, then unpacks it and runs the unpacked feedscope (RUNPATHs relative to the binary).
# Usage: check-deb-package.sh BUILD_DIR VERSION HAVE_GUI(0|1) HAVE_CUDA(0|1); exit 77 (skipped) without dpkg.
set -euo pipefail
build=$1 version=$2 have_gui=$3 have_cuda=$4
for tool in dpkg-deb dpkg-shlibdeps; do
  command -v "$tool" >/dev/null || { echo "skipped: $tool is not installed"; exit 77; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check-deb-package: $*" >&2; exit 1; }

cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work" >"$work/cpack.log" 2>&1 ||
  { cat "$work/cpack.log" >&2; fail "cpack failed"; }
deb=$work/feedscope_${version}_$(dpkg --print-architecture).deb
[ -f "$deb" ] || fail "no $(basename "$deb"): $(ls "$work")"

depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for package in libsqlite3-0 zlib1g libfmt9 libsimdjson14 libstdc++6 libc6; do
  grep -q "$package" <<<"$depends" || fail "Depends lacks $package"
done
if [ "$have_gui" = 1 ]; then
  for package in libqt6widgets6 libqt6charts6 libqt6gui6; do
    grep -q "$package" <<<"$depends" || fail "Depends lacks $package"
  done
fi

dpkg-deb -c "$deb" | awk '{print $6}' >"$work/files"
expected=(./usr/bin/feedscope ./usr/share/man/man1/feedscope.1 ./usr/share/bash-completion/completions/feedscope
          ./usr/share/feedscope/samples/h200_naive.json.gz ./usr/share/doc/feedscope/README.md)
[ "$have_gui" = 1 ] && expected+=(./usr/bin/feedscope-gui ./usr/share/applications/feedscope-gui.desktop)
[ "$have_cuda" = 1 ] && expected+=(./usr/lib/feedscope/libfeedscope-inject.so ./usr/lib/feedscope/libcupti.so.13)
for f in "${expected[@]}"; do
  grep -qx "$f" "$work/files" || fail "the package lacks $f"
done

dpkg-deb -x "$deb" "$work/root"
"$work/root/usr/bin/feedscope" --version | grep -q "^feedscope $version" || fail "the packaged feedscope does not run"
if [ "$have_cuda" = 1 ]; then
  [ "$("$work/root/usr/bin/feedscope" record --print-injection-path)" = \
    "$(realpath "$work/root/usr/lib/feedscope/libfeedscope-inject.so")" ] || fail "the packaged record misses its library"
fi
echo "check-deb-package: $(basename "$deb") ($(du -h "$deb" | cut -f1))"
