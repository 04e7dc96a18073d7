# The include check itself: on a small tree with one wrong arrow (trace/ including analysis/) and
# one folder missing from the table, it fails and names both; on the same tree fixed, it passes.
set -u
check=$1
work=$(mktemp -d "${TMPDIR:-/tmp}/feedscope-layers.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/docs" "$work/profiler/trace" "$work/profiler/analysis" "$work/ui" "$work/app"
printf '# t\n```layers\ntrace:\nanalysis: trace\nui: trace analysis\napp: trace analysis ui\n```\n' > "$work/docs/architecture.md"
printf '#include "trace/run.h"\n' > "$work/profiler/analysis/a.cpp"
printf '#include "analysis/run_analysis.h"\n#include <vector>\n' > "$work/profiler/trace/run.h"
mkdir -p "$work/profiler/newfolder"
out=$(python3 "$check" "$work") && { echo "FAIL: a wrong arrow passed"; exit 1; }
echo "$out" | grep -q 'profiler/trace/run.h:1: trace/ may not include analysis/' || { echo "FAIL: $out"; exit 1; }
echo "$out" | grep -q 'profiler/newfolder/ is not in the layer table' || { echo "FAIL: $out"; exit 1; }
printf '#include <vector>\n' > "$work/profiler/trace/run.h"
rmdir "$work/profiler/newfolder"
python3 "$check" "$work" >/dev/null || { echo "FAIL: a clean tree failed"; exit 1; }
echo ok
