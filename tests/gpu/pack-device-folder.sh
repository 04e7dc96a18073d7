#!/usr/bin/env bash
# Packs a CUDA build into one folder that runs anywhere it is copied, with no LD_LIBRARY_PATH and no
# build tree beside it: the installed layout (docs/gpu-commands.md), plus the GPU test binary.
#
#   bin/feedscope, bin/feedscope_gpu_tests      RUNPATH $ORIGIN/../lib/feedscope:$ORIGIN/../lib:<toolkit>
#   lib/feedscope/libfeedscope-inject.so        where `record` looks (launch/injection_env.h)
#   lib/feedscope/libcupti.so.13                the libcupti the build linked, as a package installs it
#   lib/feedscope/python/                       the Python hooks (sitecustomize.py, feedscope_hooks/)
#   lib/*.so*                                   libraries of Debian's -dev packages the GPU machine may
#                                               lack (libfmt, libsimdjson, libisal, ...)
#
# The C and C++ runtimes and the driver stay the machine's own (newer there, and compatible).
#   tests/gpu/pack-device-folder.sh BUILD_DIR OUT_DIR [--no-strip]
set -euo pipefail
build=$1 out=$2 strip=1
[ "${3:-}" = --no-strip ] && strip=0
fail() { echo "pack-device-folder: $*" >&2; exit 1; }
cli=$build/app/feedscope/feedscope
library=$build/profiler/inject/libfeedscope-inject.so
tests=$build/tests/gpu/feedscope_gpu_tests
[ -x "$cli" ] || fail "$cli is missing: build the feedscope target first"
[ -f "$library" ] || fail "$library is missing: a build without CUDA cannot record"

rm -rf "$out"
mkdir -p "$out/bin" "$out/lib/feedscope"
cp "$cli" "$out/bin/"
[ -x "$tests" ] && cp "$tests" "$out/bin/"
cp "$library" "$out/lib/feedscope/"
# The Python hooks, beside the library as an install has them (launch/injection_env.h).
[ -f "$build/profiler/inject/python/sitecustomize.py" ] || fail "the Python hooks are not beside $library"
cp -r "$build/profiler/inject/python" "$out/lib/feedscope/python"
binaries=("$out"/bin/* "$out/lib/feedscope/libfeedscope-inject.so")
ldd "${binaries[@]}" | awk '$2 == "=>" && $3 ~ /^\// {print $3}' | sort -u | while read -r lib; do
  name=$(basename "$lib")
  case $name in
    libc.so* | libm.so* | libdl.so* | libpthread.so* | librt.so* | libutil.so* | libresolv.so* | ld-linux* | \
      libstdc++* | libgcc_s* | libcuda.so* | libnvidia*) ;;
    libcupti*) cp -L "$lib" "$out/lib/feedscope/$name" ;;
    *) cp -L "$lib" "$out/lib/$name" ;;
  esac
done
[ "$strip" = 1 ] && strip "${binaries[@]}"
echo "pack-device-folder: $(du -sh "$out" | cut -f1) in $out"
