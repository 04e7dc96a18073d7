#!/usr/bin/env bash
# Runs the quick-start training loop under torch.profiler, then `feedscope report --format json` on the
# folder tensorboard_trace_handler wrote, and checks Feedscope read its 5 active steps and 5 data_load
# ranges. Also checks the README shows the same profiler lines as the script.
# Usage: check-quickstart.sh FEEDSCOPE train_with_profiler.py README.md; exit 77 (skipped) without torch.
set -euo pipefail
feedscope=$1 script=$2 readme=$3
python=
# Debian's python3-torch is for Debian's python3; a python3 earlier on PATH (pyenv, venv) may lack it.
for candidate in python3 /usr/bin/python3; do
  if "$candidate" -c 'import torch' 2>/dev/null; then python=$candidate; break; fi
done
[ -n "$python" ] || { echo "skipped: no python3 with torch (FEEDSCOPE_SETUP_TORCH=1 ./tools/setup.sh)"; exit 77; }
fail() { echo "check-quickstart: $*" >&2; exit 1; }

# The README's snippet is the script's lines marked "# feedscope" (comments and spacing aside).
while IFS= read -r line; do
  code=$(sed -e 's/ *# feedscope$//' -e 's/^ *//' <<<"$line")
  grep -qF -- "$code" "$readme" || fail "README.md's quick start lacks: $code"
done < <(grep '# feedscope$' "$script")

traces=$(mktemp -d)
trap 'rm -rf "$traces"' EXIT
"$python" "$script" "$traces/run" || fail "the training script failed"
ls "$traces/run"/*.pt.trace.json* >/dev/null || fail "tensorboard_trace_handler wrote no trace"
"$feedscope" report --format json "$traces/run" >"$traces/report.json" || fail "feedscope report failed"
"$python" - "$traces/report.json" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
found = run["host_ranges"]
print("host ranges:", found)
assert found["steps"] == 5, f"expected the 5 active ProfilerStep#N ranges, found {found['steps']}"
assert found["data_loading"] >= 5, f"expected the 5 data_load ranges, found {found['data_loading']}"
PY
echo "check-quickstart: feedscope read the steps and the data-loading ranges"
