#!/usr/bin/env bash
# On the GPU machine: the Python hooks of `feedscope record` with the torch there (2.x, CUDA): an
# unchanged loop (tests/python_hooks/loader_loop.py on the GPU) whose custom batch class defines no
# pin_memory(), the same loop with the fix (a pin_memory() and non_blocking copies), and workers started
# with spawn. Checks what the report says against what the program did; prints a table, and leaves it
# with the reports in $OUT/python (python-hooks.md, work.tar.gz) as each run ends.
#   tests/gpu/python-hooks-on-device.sh [PACKED_DIR]     (default build-gpu/device)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
packed=$(cd "${1:-$here/../../build-gpu/device}" && pwd) || exit 2
feedscope=$packed/bin/feedscope
python=${ATTACH_PYTHON:-python3}
loop=$here/../python_hooks/loader_loop.py
out=${OUT:-$PWD/python-out}/python
work=$(mktemp -d /tmp/feedscope-python.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
export PYTHONUNBUFFERED=1

run() {  # run NAME LOOP-ARGS...: record the loop, keep its report and stderr
  local name=$1
  shift
  timeout -k 5 120 "$feedscope" record -o "$work/$name.feedscope" -- "$python" "$loop" --device cuda "$@" \
    --result "$work/$name-result.json" >"$work/$name.stdout" 2>"$work/$name.stderr"
  echo $? >"$work/$name.status"
  "$feedscope" report "$work/$name.feedscope" --format json >"$work/$name.json" 2>>"$work/$name.stderr"
  tar -czf "$out/.work.part" -C "$work" --exclude='*.feedscope' . && mv "$out/.work.part" "$out/work.tar.gz"
}

run trap --workers 2 --steps 20
run fixed --workers 2 --steps 20 --batch-pins --non-blocking
run spawn --workers 2 --steps 10 --spawn --batch-pins --non-blocking

"$python" - "$work" <<'EOF' | tee "$out/python-hooks.md"
import json, os, sys
work = sys.argv[1]
def load(name):
    try:
        return json.load(open(os.path.join(work, name + ".json")))["runs"][0]
    except Exception:
        return {}
def said(name, text):
    try:
        return text in open(os.path.join(work, name + ".stderr")).read()
    except OSError:
        return False
rows = []
def check(what, figure, ok):
    rows.append("| %s | %s | %s |" % (what, figure, "PASS" if ok else "FAIL"))
trap, fixed, spawn = load("trap"), load("fixed"), load("spawn")
tp, fp, sp = trap.get("input_pipeline") or {}, fixed.get("input_pipeline") or {}, spawn.get("input_pipeline") or {}
check("hooks attached to this torch", [l for l in open(os.path.join(work, "trap.stderr")) if "Python hooks" in l][-1:] ,
      said("trap", "Python hooks attached to torch"))
check("steps and workers (trap)", "%s steps, %s workers" % (tp.get("steps"), tp.get("workers")),
      tp.get("steps") == 19 or tp.get("steps") == 20)
u = tp.get("unpinned_batch_type") or {}
check("TileBatch without pin_memory() named unpinned", json.dumps(u), u.get("type") == "TileBatch" and not u.get("defines_pin_memory"))
ids = [f["id"] for f in trap.get("findings", [])]
check("findings of the trap", ", ".join(ids), "unpinned_batch_type" in ids and "blocking_batch_copy" in ids)
copies = tp.get("blocking_batch_copies") or []
check("the blocking .to() line", json.dumps(copies[:1]), bool(copies) and "loader_loop.py" in copies[0].get("line", ""))
dev = (trap.get("devices") or [{}])[0]
check("the trap's H2D copies are pageable", "%s pageable of %s" % (dev.get("h2d_pageable_count"), dev.get("h2d_count")),
      (dev.get("h2d_pageable_count") or 0) > 0)
fdev = (fixed.get("devices") or [{}])[0]
check("the fix: no unpinned type, no blocking line, pinned copies",
      "unpinned %s, blocking %d, H2D pinned %s of %s" % (fp.get("unpinned_batch_type"), len(fp.get("blocking_batch_copies") or []),
                                                          fdev.get("h2d_pinned_count"), fdev.get("h2d_count")),
      fp.get("unpinned_batch_type") is None and not fp.get("blocking_batch_copies") and (fdev.get("h2d_pinned_count") or 0) > 0)
check("spawned workers recorded", "%s workers, %s batches" % (sp.get("workers"), sp.get("batches")), sp.get("workers") == 2)
status = [open(os.path.join(work, n + ".status")).read().strip() for n in ("trap", "fixed", "spawn")]
check("programs exit as they would", ", ".join(status), status == ["0", "0", "0"])
print("| check | measured | verdict |\n|---|---|---|\n" + "\n".join(rows))
EOF
tar -czf "$out/.work.part" -C "$work" --exclude='*.feedscope' . && mv "$out/.work.part" "$out/work.tar.gz"
