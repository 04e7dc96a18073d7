#!/usr/bin/env bash
# Copies the shared libraries a build needs that a GPU machine may lack (Debian's libfmt, libsimdjson,
# ...) into BUILD/carried, so the build folder runs there as it is; attach-on-device.sh puts on the
# library path only those the machine does not have. glibc, libstdc++ and the CUDA libraries stay out:
# the machine's own are newer or must be its own.
#   tests/gpu/carry-libs.sh [BUILD_DIR]     (default build-gpu)
set -euo pipefail
build=${1:-build-gpu}
mkdir -p "$build/carried"
binaries=("$build/app/feedscope/feedscope")
[ -e "$build/profiler/inject/libfeedscope-inject.so" ] && binaries+=("$build/profiler/inject/libfeedscope-inject.so")
ldd "${binaries[@]}" | awk '$2 == "=>" && $3 ~ /^\// {print $3}' | sort -u | while read -r lib; do
  case $(basename "$lib") in
    libc.so* | libm.so* | libdl.so* | libpthread.so* | librt.so* | libutil.so* | libresolv.so* | ld-linux* | libstdc++* | libgcc_s* | libcuda* | libcupti* | libnvidia*) ;;
    *) cp -L "$lib" "$build/carried/$(basename "$lib")" && echo "carried $(basename "$lib")" ;;
  esac
done
du -sh "$build/carried"
