#!/usr/bin/env bash
# Installs the Debian 12 packages Feedscope needs to build, test and run. Idempotent: installs only
# what is missing, so a second run does nothing. Needs root or sudo.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  libgtest-dev libgmock-dev libbenchmark-dev
  libsqlite3-dev sqlite3 zlib1g-dev libisal-dev libsimdjson-dev nlohmann-json3-dev libfmt-dev libcli11-dev
  qt6-base-dev qt6-charts-dev libqt6opengl6-dev libgl-dev
  xvfb xauth python3
  clang-tidy  # tools/clang-tidy-changed.sh: one naming style (.clang-tidy), checked in CI
  dpkg-dev file  # cpack -G DEB: dpkg-shlibdeps computes the package dependencies
)
# Optional, never needed to build or test: chromium renders HTML reports to PNG
# (tools/render-html.sh; the test that uses it is skipped without it).
if [ "${FEEDSCOPE_SETUP_OPTIONAL:-}" = "1" ]; then
  packages+=(chromium)
fi
# The CPU build of PyTorch, for the test that runs the README's quick start (skipped without it).
# Large, so only for test runs: tools/run-tests.sh sets FEEDSCOPE_SETUP_TORCH=1.
if [ "${FEEDSCOPE_SETUP_TORCH:-}" = "1" ]; then
  packages+=(python3-torch)
fi
if [ "${FEEDSCOPE_SETUP_EXTRA:-}" != "" ]; then
  # shellcheck disable=SC2206
  packages+=(${FEEDSCOPE_SETUP_EXTRA})
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  as_root=(sudo)
fi
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup: done"
