#!/usr/bin/env bash
# The GPU check of `feedscope record`, in one go on the GPU machine (about 4-6 minutes on an
# H200): a naive and a prefetching PyTorch training loop recorded as an A/B pair (copies pageable
# against pinned, starvation, NVTX steps), their kernel and copy counts against torch.profiler's for
# the same loop run separately, the overhead of recording on step time (median over repeated runs,
# alternating bare and recorded), a Lightning Trainer.fit and a two-rank torchrun run. It prints a
# table last and leaves three files under $OUT/attach (or ./attach-out): attach-summary.md,
# attach.log (every command and its output) and attach-ab.feedscope (the A/B session).
#
#   tests/gpu/attach-on-device.sh [BUILD_DIR]      BUILD_DIR: a `cmake --preset gpu` build tree (build-gpu,
#                                                  after tests/gpu/carry-libs.sh), or a packed
#                                                  build-gpu/device (bin/, lib/ with libfeedscope-inject.so)
#   ATTACH_OVERHEAD_RUNS=5   bare and recorded runs each for the overhead figure
#   ATTACH_DRY_RUN=1         no GPU: run only the CPU path of the training program (checks this script);
#                            on Debian: FEEDSCOPE_SETUP_EXTRA=python3-torch tools/setup.sh, then
#                            ATTACH_DRY_RUN=1 ATTACH_PYTHON=/usr/bin/python3 tests/gpu/attach-on-device.sh
#   ATTACH_PYTHON=python3    the Python with PyTorch (and Lightning) to use
#
# Exit: 0 every check passed, 1 a check failed, 3 no GPU (or no PyTorch with CUDA), 2 bad build folder.
# tests/gpu/run-on-device.sh calls it; it may also be run alone.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$(cd "${1:-$root/build-gpu}" 2>/dev/null && pwd) || { echo "attach: no build folder ${1:-$root/build-gpu}" >&2; exit 2; }
if [ -x "$build/bin/feedscope" ]; then
  # A folder packed by tests/gpu/prepare-device-build.sh: bin/ and lib/.
  feedscope=$build/bin/feedscope
  library=$build/lib/libfeedscope-inject.so
  carried=$build/lib
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
runs=${ATTACH_OVERHEAD_RUNS:-5}
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
if [ -d "$carried" ]; then
  for lib in "$carried"/*.so*; do
    case $(basename "$lib") in libcupti* | libfeedscope*) continue ;; esac
    soname=$(basename "$lib")
    ldconfig -p | grep -q " $soname " || ln -sf "$lib" "$libdir/$soname"
  done
fi
export LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export FEEDSCOPE_INJECT_LIBRARY=$library
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

# step NAME COMMAND...: runs it with a time limit, output to the log and NAME.stderr, status to NAME.status.
step() {
  local name=$1
  shift
  say "$name: $*"
  timeout 240 "$@" >"$work/$name.stdout" 2>"$work/$name.stderr"
  local code=$?
  echo "$code" >"$work/$name.status"
  { cat "$work/$name.stdout" "$work/$name.stderr"; echo "-- $name exit $code"; } >>"$log"
  return 0
}

train=("$python" "$programs/train_loader.py")
ab=$work/ab.feedscope
step record-naive "$feedscope" record -o "$ab" --label naive --capture nvtx:train -- \
  "${train[@]}" --variant naive --result "$work/naive-rec-result.json"
step record-prefetch "$feedscope" record -o "$ab" --label prefetch --append --capture nvtx:train -- \
  "${train[@]}" --variant prefetch --result "$work/prefetch-rec-result.json"
step report-ab "$feedscope" report "$ab" --format json -o "$work/ab-report.json"
step report-ab-text "$feedscope" report "$ab"
cp "$ab" "$out/attach-ab.feedscope" 2>/dev/null

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

"$python" "$programs/check_attach.py" "$work" "$out/attach-summary.md" | tee -a "$log"
exit "${PIPESTATUS[0]}"
