#!/usr/bin/env bash
# Renders an HTML report to PNG in headless Chromium (Debian's `chromium`, optional:
# FEEDSCOPE_SETUP_OPTIONAL=1 ./tools/setup.sh), with no network and a throwaway profile.
#   tools/render-html.sh REPORT.html OUT.png [HEIGHT [TOP]]
# HEIGHT (default 4000) is the height of the picture; TOP (default 0) the page offset it starts at,
# to picture one part of a long page. The width is 1400 px.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 REPORT.html OUT.png [HEIGHT [TOP]]" >&2
  exit 2
fi
html=$(realpath "$1")
out=$(realpath -m "$2")
height=${3:-4000}
top=${4:-0}
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
  echo "render-html: chromium is not installed (FEEDSCOPE_SETUP_OPTIONAL=1 ./tools/setup.sh)" >&2
  exit 127
fi
[ -f "$html" ] || { echo "render-html: $1: no such file" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
page="$html"
if [ "$top" -gt 0 ]; then
  # A frame that shows the report from TOP down: Chromium's screenshot starts at the page top.
  page="$work/frame.html"
  cat >"$page" <<HTML
<!DOCTYPE html><html><body style="margin:0;overflow:hidden">
<iframe src="file://$html" scrolling="no"
        style="border:0;width:1400px;height:$((top + height))px;margin-top:-${top}px"></iframe></body></html>
HTML
fi
"$chromium" --headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update \
  --disable-sync --no-first-run --user-data-dir="$work/profile" --screenshot="$out" \
  --window-size=1400,"$height" "file://$page" >/dev/null 2>&1
[ -s "$out" ] || { echo "render-html: chromium wrote no picture" >&2; exit 1; }
echo "wrote $out"
