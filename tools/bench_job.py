#!/usr/bin/env python3
"""Times a job's reading against single-rank reports (tools/bench-job.sh): medians over REPEATS.

Usage: bench_job.py FEEDSCOPE TRACE_DIR REPEATS

Each measurement runs in fresh processes; peak memory is each process's maximum resident set
(getrusage of the child), so the job path's peak is the largest of its summarize processes and
its report."""
import concurrent.futures
import glob
import os
import queue
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


CPU = []  # CPU seconds (user + system) of every process run, in order


def run(argv, env=None):
    """Runs argv; returns (wall seconds, peak RSS in MiB) of that one process; its CPU time goes to CPU."""
    start = time.monotonic()
    pid = os.posix_spawn(argv[0], argv, env or os.environ, file_actions=[
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])
    _, status, usage = os.wait4(pid, 0)
    wall = time.monotonic() - start
    CPU.append(usage.ru_utime + usage.ru_stime)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(argv)}")
    return wall, usage.ru_maxrss / 1024.0


def summarize_all(feedscope, traces, out, cores, bound):
    """Summarises every rank at once on all cores, one process a core, as the job's launcher runs them:
    `bound` pins each to its core (srun --cpu-bind=cores, mpirun --bind-to core: each sees one usable
    core and reads on one thread, read/read_threads.h); unbound, each may use every core but is told,
    as torchrun --nproc-per-node=CORES tells its workers, that LOCAL_WORLD_SIZE processes share them."""
    env = dict(os.environ, LOCAL_WORLD_SIZE=str(cores))
    free = queue.Queue()
    for core in range(cores):
        free.put(core)

    def one(trace):
        core = free.get()
        try:
            pin = [shutil.which("taskset"), "-c", str(core)] if bound else []
            return run(pin + [feedscope, "summarize", trace, "-o", os.path.join(out, os.path.basename(trace) + ".fssum")],
                       None if bound else env)
        finally:
            free.put(core)

    with concurrent.futures.ThreadPoolExecutor(cores) as pool:
        return list(pool.map(one, traces))


def main():
    feedscope, trace_dir, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3])
    traces = sorted(glob.glob(os.path.join(trace_dir, "trace_rank*.json")),
                    key=lambda p: int(p.rsplit("rank", 1)[1].split(".")[0]))
    cores = os.cpu_count() or 1
    rows = {k: [] for k in ("single_sum", "single_peak", "job_wall", "job_peak", "unbound_wall", "unbound_peak",
                            "folder_wall", "folder_peak", "single_cpu", "job_cpu", "unbound_cpu", "folder_cpu")}
    for _ in range(repeats):
        # Baseline: each rank reported on its own, one after another.
        mark = len(CPU)
        singles = [run([feedscope, "report", t, "--format", "json", "-o", os.devnull]) for t in traces]
        rows["single_cpu"].append(sum(CPU[mark:]))
        rows["single_sum"].append(sum(w for w, _ in singles))
        rows["single_peak"].append(max(m for _, m in singles))
        # The job: every rank summarised at once on all cores (as srun/torchrun would, one a rank),
        # then the summaries joined; with each summarize bound to its core, and not.
        for key, bound in (("job", True), ("unbound", False)):
            with tempfile.TemporaryDirectory() as out:
                mark = len(CPU)
                start = time.monotonic()
                summaries = summarize_all(feedscope, traces, out, cores, bound)
                joined = run([feedscope, "report", out, "--format", "json", "-o", os.devnull])
                rows[key + "_wall"].append(time.monotonic() - start)
                rows[key + "_peak"].append(max([m for _, m in summaries] + [joined[1]]))
                rows[key + "_cpu"].append(sum(CPU[mark:]))
        # Every rank's trace in one process: the folder report.
        mark = len(CPU)
        folder = run([feedscope, "report", trace_dir, "--format", "json", "-o", os.devnull])
        rows["folder_cpu"].append(sum(CPU[mark:]))
        rows["folder_wall"].append(folder[0])
        rows["folder_peak"].append(folder[1])
    med = {k: statistics.median(v) for k, v in rows.items()}
    baseline_wall = med["single_sum"] / cores
    load = os.getloadavg()[0]
    print(f"{len(traces)} ranks, {cores} cores, {repeats} repeats (medians), load average {load:.1f} at the end\n")
    print("| measurement | wall (s) | CPU (s) | peak memory (MiB) | wall ratio | CPU ratio | memory ratio | target |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    print(f"| baseline: {len(traces)} single-rank reports (wall: their sum / cores); largest single-rank report "
          f"| {baseline_wall:.2f} | {med['single_cpu']:.1f} | {med['single_peak']:.0f} | 1.00x | 1.00x | 1.00x | |")
    print(f"| summarize every rank on all cores, each bound to its core (srun, mpirun) + report *.fssum "
          f"| {med['job_wall']:.2f} | {med['job_cpu']:.1f} "
          f"| {med['job_peak']:.0f} | {med['job_wall'] / baseline_wall:.2f}x | {med['job_cpu'] / med['single_cpu']:.2f}x "
          f"| {med['job_peak'] / med['single_peak']:.2f}x | wall ≤ 1.2x, memory ≤ 2x |")
    print(f"| the same, unbound, LOCAL_WORLD_SIZE = cores (torchrun) | {med['unbound_wall']:.2f} "
          f"| {med['unbound_cpu']:.1f} | {med['unbound_peak']:.0f} | {med['unbound_wall'] / baseline_wall:.2f}x "
          f"| {med['unbound_cpu'] / med['single_cpu']:.2f}x | {med['unbound_peak'] / med['single_peak']:.2f}x | |")
    print(f"| report FOLDER (every rank in one process, files on all cores) | {med['folder_wall']:.2f} "
          f"| {med['folder_cpu']:.1f} | {med['folder_peak']:.0f} | {med['folder_wall'] / baseline_wall:.2f}x "
          f"| {med['folder_cpu'] / med['single_cpu']:.2f}x | {med['folder_peak'] / med['single_peak']:.2f}x | |")
    print("\nWall ratios need idle cores: with a load average above the cores, the CPU ratio is the fair one.")


if __name__ == "__main__":
    main()
