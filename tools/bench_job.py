#!/usr/bin/env python3
"""Times a job's reading against single-rank reports (tools/bench-job.sh): medians over REPEATS.

Usage: bench_job.py FEEDSCOPE TRACE_DIR REPEATS

Each measurement runs in fresh processes; peak memory is each process's maximum resident set
(getrusage of the child), so the job path's peak is the largest of its summarize processes and
its report."""
import concurrent.futures
import glob
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time


def run(argv):
    """Runs argv; returns (wall seconds, peak RSS in MiB) of that one process."""
    start = time.monotonic()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])
    _, status, usage = os.wait4(pid, 0)
    wall = time.monotonic() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(argv)}")
    return wall, usage.ru_maxrss / 1024.0


def main():
    feedscope, trace_dir, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3])
    traces = sorted(glob.glob(os.path.join(trace_dir, "trace_rank*.json")),
                    key=lambda p: int(p.rsplit("rank", 1)[1].split(".")[0]))
    cores = os.cpu_count() or 1
    rows = {k: [] for k in ("single_sum", "single_peak", "job_wall", "job_peak", "folder_wall", "folder_peak")}
    for _ in range(repeats):
        # Baseline: each rank reported on its own, one after another.
        singles = [run([feedscope, "report", t, "--format", "json", "-o", os.devnull]) for t in traces]
        rows["single_sum"].append(sum(w for w, _ in singles))
        rows["single_peak"].append(max(m for _, m in singles))
        # The job: every rank summarised at once on all cores (as srun/torchrun would, one a rank),
        # then the summaries joined.
        with tempfile.TemporaryDirectory() as out:
            start = time.monotonic()
            with concurrent.futures.ThreadPoolExecutor(cores) as pool:
                summaries = list(pool.map(lambda t: run([feedscope, "summarize", t, "-o",
                                                         os.path.join(out, os.path.basename(t) + ".fssum")]), traces))
            joined = run([feedscope, "report", out, "--format", "json", "-o", os.devnull])
            rows["job_wall"].append(time.monotonic() - start)
            rows["job_peak"].append(max([m for _, m in summaries] + [joined[1]]))
        # Every rank's trace in one process: the folder report.
        folder = run([feedscope, "report", trace_dir, "--format", "json", "-o", os.devnull])
        rows["folder_wall"].append(folder[0])
        rows["folder_peak"].append(folder[1])
    med = {k: statistics.median(v) for k, v in rows.items()}
    baseline_wall = med["single_sum"] / cores
    print(f"{len(traces)} ranks, {cores} cores, {repeats} repeats (medians)\n")
    print("| measurement | wall (s) | peak memory (MiB) | wall ratio | memory ratio | target |")
    print("|---|---:|---:|---:|---:|---|")
    print(f"| baseline: {len(traces)} single-rank reports / cores; largest single-rank report | {baseline_wall:.2f} "
          f"| {med['single_peak']:.0f} | 1.00x | 1.00x | |")
    print(f"| summarize every rank on all cores + report *.fssum | {med['job_wall']:.2f} | {med['job_peak']:.0f} "
          f"| {med['job_wall'] / baseline_wall:.2f}x | {med['job_peak'] / med['single_peak']:.2f}x | ≤ 1.2x, ≤ 2x |")
    print(f"| report FOLDER (every rank in one process) | {med['folder_wall']:.2f} | {med['folder_peak']:.0f} "
          f"| {med['folder_wall'] / baseline_wall:.2f}x | {med['folder_peak'] / med['single_peak']:.2f}x | |")


if __name__ == "__main__":
    main()
