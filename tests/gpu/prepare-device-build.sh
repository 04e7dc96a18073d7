#!/usr/bin/env bash
# On the development machine: builds what the GPU machine runs (the gpu preset: Release, CUDA parts
# on, GUI off) and packs it into one small folder, build-gpu/device/{bin,lib}. Carry that folder (and
# the working tree) to the GPU machine and run tests/gpu/run-on-device.sh there. The injection
# library sits in lib/ beside the libraries it needs (its RUNPATH starts with $ORIGIN).
set -euo pipefail
cd "$(dirname "$0")/../.."

cmake --preset gpu >/dev/null
cmake --build --preset gpu --target feedscope feedscope_gpu_tests feedscope-inject

out=build-gpu/device
rm -rf "$out"
mkdir -p "$out/bin" "$out/lib"
cp build-gpu/app/feedscope/feedscope build-gpu/tests/gpu/feedscope_gpu_tests "$out/bin/"
cp build-gpu/profiler/inject/libfeedscope-inject.so "$out/lib/"
strip "$out/bin/"* "$out/lib/libfeedscope-inject.so"
# Shared libraries from Debian's -dev packages (simdjson, fmt, ...) that the GPU machine (Ubuntu 24.04)
# may not have, and the libcupti this was built with, as a fallback to the machine's own. The C and
# C++ runtimes stay the machine's own (newer there, and compatible).
ldd "$out/bin/feedscope" "$out/bin/feedscope_gpu_tests" "$out/lib/libfeedscope-inject.so" | awk '/=> \// {print $3}' | sort -u |
  while read -r lib; do
    case "$(basename "$lib")" in
      libc.so* | libm.so* | libstdc++.so* | libgcc_s.so* | libpthread.so* | libdl.so* | librt.so* | libutil.so* | ld-linux*) ;;
      *) cp -L "$lib" "$out/lib/" ;;
    esac
  done
echo "packed for the GPU machine: $(du -sh "$out" | cut -f1) in $out"
ls -l "$out/bin" "$out/lib"
