#!/usr/bin/env bash
# The second device command (docs/gpu-commands.md): the GPU check of `feedscope record`, in about two and
# a half minutes on an H200 (152 s on 2026-12-04). A naive and a prefetching PyTorch training loop recorded as an A/B
# pair (copies pageable against pinned, starvation, NVTX steps), their kernel and copy counts against
# torch.profiler's for the same loop run separately, the overhead of recording on step time (median
# over repeated runs, alternating bare and recorded), a Lightning Trainer.fit, a two-rank torchrun run
# (a run per rank, one job), and a program that starts torch.profiler while recorded (CUPTI's clock
# changed under us: placed on one clock, or said). It prints a table last.
#
# Results reach $OUT/attach (or ./attach-out/attach) as soon as they exist: attach.log (every command
# and its output), attach-summary.md, attach-ab.feedscope (the A/B session) and work.tar.gz (reports,
# result lines, statuses; refreshed after every step), so a run killed part way still returns what
# was done. Every step runs under its own time limit.
#
#   tests/gpu/attach-on-device.sh [BUILD_DIR]      BUILD_DIR: the packed folder (default build-gpu/device:
#                                                  bin/feedscope, lib/feedscope/libfeedscope-inject.so),
#                                                  or a `cmake --preset gpu` build tree after
#                                                  tests/gpu/carry-libs.sh
#   ATTACH_OVERHEAD_RUNS=3   bare and recorded runs each for the overhead figure
#   ATTACH_STEP_TIMEOUT_S=180  the longest any one step may run
#   ATTACH_DRY_RUN=1         no GPU: run only the CPU path of the training program (checks this script);
#                            on Debian: FEEDSCOPE_SETUP_EXTRA=python3-torch tools/setup.sh, then
#                            ATTACH_DRY_RUN=1 ATTACH_PYTHON=/usr/bin/python3 tests/gpu/attach-on-device.sh
#   ATTACH_PYTHON=python3    the Python with PyTorch (and Lightning) to use
#
# Exit: 0 every check passed, 1 a check failed, 3 no GPU (or no PyTorch with CUDA), 2 bad build folder.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$root/build-gpu/device}" 2>/dev/null && pwd) || { echo "attach: no build folder ${1:-$root/build-gpu/device}" >&2; exit 2; }
if [ -x "$build/bin/feedscope" ]; then
  # The folder packed by tests/gpu/pack-device-folder.sh, laid out as an install: `record` finds its
  # library in lib/feedscope/ by itself and its libraries through RUNPATH; nothing is set for it.
  feedscope=$build/bin/feedscope
  library=$build/lib/feedscope/libfeedscope-inject.so
  carried=""
else
  # A build tree, with tests/gpu/carry-libs.sh's carried/ folder.
  feedscope=$build/app/feedscope/feedscope
  library=$build/profiler/inject/libfeedscope-inject.so
  carried=$build/carried
fi
programs=$here/attach
out=${OUT:-$PWD/attach-out}/attach
work=$(mktemp -d /tmp/feedscope-attach.XXXXXX)
trap 'rm -rf "$work"' EXIT
runs=${ATTACH_OVERHEAD_RUNS:-3}
step_limit=${ATTACH_STEP_TIMEOUT_S:-180}
mkdir -p "$out"
log=$out/attach.log
: >"$log"
python=${ATTACH_PYTHON:-python3}
export PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1
export PYTHONPATH=$programs${PYTHONPATH:+:$PYTHONPATH}

say() { echo "attach: $*" | tee -a "$log" >&2; }

if [ "${ATTACH_DRY_RUN:-0}" = 1 ]; then
  say "dry run: the naive loop on the CPU, 3 steps"
  "$python" "$programs/train_loader.py" --variant naive --device cpu --steps 3 --warmup 1 --batch 8 --image-size 32 \
    --workers 2 --result "$work/dry-result.json" 2>&1 | tee -a "$log"
  status=${PIPESTATUS[0]}
  "$python" -c 'import ast, sys; [ast.parse(open(f).read(), f) for f in sys.argv[1:]]' "$programs"/*.py || status=1
  exit "$status"
fi

for f in "$feedscope" "$library"; do
  [ -e "$f" ] || {
    say "missing $f: cmake --preset gpu && cmake --build --preset gpu && tests/gpu/carry-libs.sh build-gpu"
    say "(a packed device folder needs libfeedscope-inject.so in its lib/)"
    exit 2
  }
done
if ! "$python" -c 'import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)' >>"$log" 2>&1; then
  say "no GPU, or no PyTorch with CUDA: nothing measured"
  exit 3
fi

# Libraries this Debian build needs that the GPU machine lacks (libfmt, libsimdjson) travel with it;
# only the missing ones are put on the library path, which the recorded programs inherit too (they
# do not use these sonames). The machine's own libcupti is never shadowed: PyTorch brings its own.
libdir=$work/libs
mkdir -p "$libdir"
if [ -n "$carried" ] && [ -d "$carried" ]; then
  for lib in "$carried"/*.so*; do
    case $(basename "$lib") in libcupti* | libfeedscope*) continue ;; esac
    soname=$(basename "$lib")
    ldconfig -p | grep -q " $soname " || ln -sf "$lib" "$libdir/$soname"
  done
fi
if [ -n "$carried" ]; then
  # A build tree: its feedscope finds the library in the build tree, its carried libraries here.
  export LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export FEEDSCOPE_INJECT_LIBRARY=$library
fi
for f in "$feedscope" "$library"; do
  # libcupti is left out: in a PyTorch process the program's own is loaded before the library.
  if ldd "$f" | grep -v libcupti | grep -q "not found"; then
    say "$f cannot load: $(ldd "$f" | grep -v libcupti | grep 'not found' | tr -s ' \t' ' ')"
    say "run tests/gpu/carry-libs.sh $build on the build machine first"
    exit 2
  fi
done
{
  echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null)"
  "$python" -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'
  "$python" -c 'import lightning; print("lightning", lightning.__version__)' 2>&1
} >>"$log" 2>&1

# What exists now goes to $out at once (through a temporary name and a rename).
place() {  # place NAME COMMAND...: COMMAND's output becomes $out/NAME, whole or not at all
  local name=$1
  shift
  if "$@" >"$out/.$name.part" 2>/dev/null; then mv "$out/.$name.part" "$out/$name"; else rm -f "$out/.$name.part"; fi
}
publish() {
  [ -f "$ab" ] && place attach-ab.feedscope cat "$ab"
  place work.tar.gz tar -czf - -C "$work" --exclude='*.feedscope' --exclude=libs .
}

# step NAME COMMAND...: runs it with a time limit, output to the log and NAME.stderr, status to
# NAME.status, then publishes.
step() {
  local name=$1
  shift
  say "$name: $*"
  timeout -k 5 "$step_limit" "$@" >"$work/$name.stdout" 2>"$work/$name.stderr"
  local code=$?
  echo "$code" >"$work/$name.status"
  { cat "$work/$name.stdout" "$work/$name.stderr"; echo "-- $name exit $code"; } >>"$log"
  publish
  return 0
}

train=("$python" "$programs/train_loader.py")
ab=$work/ab.feedscope
"$feedscope" record --print-injection-path >>"$log" 2>&1 || say "record cannot find libfeedscope-inject.so"
step record-naive "$feedscope" record -o "$ab" --label naive --capture nvtx:train -- \
  "${train[@]}" --variant naive --result "$work/naive-rec-result.json"
step record-prefetch "$feedscope" record -o "$ab" --label prefetch --append --capture nvtx:train -- \
  "${train[@]}" --variant prefetch --result "$work/prefetch-rec-result.json"
step report-ab "$feedscope" report "$ab" --format json -o "$work/ab-report.json"
step report-ab-text "$feedscope" report "$ab"

# The same loops without Feedscope, counted by torch.profiler.
step prof-naive "${train[@]}" --variant naive --torch-profile --result "$work/naive-prof-result.json"
step prof-prefetch "${train[@]}" --variant prefetch --torch-profile --result "$work/prefetch-prof-result.json"

# Overhead: the prefetching loop (GPU-bound, where recording costs show most), bare and recorded in turn.
for i in $(seq 1 "$runs"); do
  step "overhead-bare-$i" "${train[@]}" --variant prefetch --steps 100 --result "$work/overhead-bare-$i-result.json"
  step "record-overhead-$i" "$feedscope" record -o "$work/overhead-$i.feedscope" -- \
    "${train[@]}" --variant prefetch --steps 100 --result "$work/overhead-rec-$i-result.json"
done

step record-lightning "$feedscope" record -o "$work/lightning.feedscope" -- "$python" "$programs/lightning_fit.py"
step report-lightning "$feedscope" report "$work/lightning.feedscope" --format json -o "$work/lightning-report.json"
step record-ddp "$feedscope" record -o "$work/ddp.feedscope" --label ddp -- \
  "$python" -m torch.distributed.run --standalone --nproc_per_node=2 "$programs/ddp_train.py"
step report-ddp "$feedscope" report "$work/ddp.feedscope" --format json -o "$work/ddp-report.json"
# torch.profiler started inside the recorded program: Kineto registers its own CUPTI timestamps.
step record-with-torch-profiler "$feedscope" record -o "$work/torch-profiler.feedscope" -- \
  "${train[@]}" --variant naive --steps 20 --torch-profile --result "$work/torch-profiler-result.json"
step report-torch-profiler "$feedscope" report "$work/torch-profiler.feedscope" --format json \
  -o "$work/torch-profiler-report.json"

"$python" "$programs/check_attach.py" "$work" "$out/attach-summary.md" | tee -a "$log"
exit "${PIPESTATUS[0]}"
