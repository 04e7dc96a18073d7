#!/usr/bin/env bash
# On the GPU machine: what `feedscope record` costs a PyTorch training step, and which group of
# records costs it. The prefetching loop of tests/gpu/attach/train_loader.py (GPU-bound, where recording
# shows most) runs bare, recorded with everything, and recorded with each group left out in turn
# (--leave-out events, syncs, driver, runtime, overhead; --no-nvtx), the variants alternating round
# by round so that drifts hit all alike. Prints a table of median step times and their ratio to bare;
# results reach $OUT/overhead as they come (overhead.md, work.tar.gz).
#
#   tests/gpu/record-overhead-on-device.sh [PACKED_DIR]     (default build-gpu/device)
#   OVERHEAD_ROUNDS=2   rounds of every variant
#   OVERHEAD_STEPS=100  measured steps per run
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
packed=$(cd "${1:-$here/../../build-gpu/device}" && pwd) || exit 2
feedscope=$packed/bin/feedscope
python=${ATTACH_PYTHON:-python3}
rounds=${OVERHEAD_ROUNDS:-2}
steps=${OVERHEAD_STEPS:-100}
out=${OUT:-$PWD/overhead-out}/overhead
work=$(mktemp -d /tmp/feedscope-overhead.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"
export PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=$here/attach${PYTHONPATH:+:$PYTHONPATH}
train=("$python" "$here/attach/train_loader.py" --variant prefetch --steps "$steps")

publish() {
  if tar -czf "$out/.work.part" -C "$work" --exclude='*.feedscope' . 2>/dev/null; then
    mv "$out/.work.part" "$out/work.tar.gz"
  else
    rm -f "$out/.work.part"
  fi
}

variants=(bare all events syncs driver runtime overhead nvtx)
for round in $(seq 1 "$rounds"); do
  for v in "${variants[@]}"; do
    result=$work/$v-$round-result.json
    case $v in
      bare) cmd=("${train[@]}" --result "$result") ;;
      all) cmd=("$feedscope" record -o "$work/$v-$round.feedscope" -- "${train[@]}" --result "$result") ;;
      nvtx) cmd=("$feedscope" record --no-nvtx -o "$work/$v-$round.feedscope" -- "${train[@]}" --result "$result") ;;
      *) cmd=("$feedscope" record --leave-out "$v" -o "$work/$v-$round.feedscope" -- "${train[@]}" --result "$result") ;;
    esac
    start=$SECONDS
    timeout -k 5 120 "${cmd[@]}" >"$work/$v-$round.stdout" 2>"$work/$v-$round.stderr"
    echo "$? $((SECONDS - start))" >"$work/$v-$round.status"
    echo "overhead: $v round $round: exit $(cut -d' ' -f1 "$work/$v-$round.status") in $((SECONDS - start)) s"
    publish
  done
done

"$python" - "$work" "${variants[@]}" <<'EOF' | tee "$out/overhead.md"
import json, os, statistics, sys
work, variants = sys.argv[1], sys.argv[2:]
def step(v):
    times = []
    for name in sorted(os.listdir(work)):
        if name.startswith(v + "-") and name.endswith("-result.json"):
            try:
                times.append(json.loads(open(os.path.join(work, name)).read().strip().splitlines()[-1])["seconds_per_step"])
            except (ValueError, KeyError, IndexError):
                pass
    return statistics.median(times) if times else None, len(times)
bare, _ = step("bare")
print("| recorded | median step | runs | vs bare |")
print("|---|---|---|---|")
for v in variants:
    t, n = step(v)
    what = {"bare": "not recorded", "all": "everything", "nvtx": "all but NVTX (--no-nvtx)"}.get(v, "all but " + v + " (--leave-out " + v + ")")
    ratio = "%+.1f %%" % (100 * (t / bare - 1)) if t and bare else "n/a"
    print("| %s | %s | %d | %s |" % (what, "%.2f ms" % (t * 1e3) if t else "n/a", n, ratio))
EOF
publish
