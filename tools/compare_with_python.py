#!/usr/bin/env python3
"""Times Feedscope's whole job on a Kineto trace (import + analysis + JSON report, one process)
against Python merely parsing the same file (`json.load(gzip.open(F))`), interleaved in one run so
both see the same machine load. Prints medians and the ratio as a Markdown table."""
import gzip
import os
import statistics
import subprocess
import sys
import time


def wall(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: compare_with_python.py FEEDSCOPE TRACE [REPEATS]")
    feedscope, trace = sys.argv[1], sys.argv[2]
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    json_mb = len(gzip.open(trace).read()) / 1e6
    python_cmd = [sys.executable, "-c", f"import gzip,json; json.load(gzip.open({trace!r}))"]
    feedscope_cmd = [feedscope, "report", trace, "--format", "json"]
    wall(python_cmd), wall(feedscope_cmd)  # warm the page cache
    py, fs = [], []
    for _ in range(repeats):
        py.append(wall(python_cmd))
        fs.append(wall(feedscope_cmd))
    py_med, fs_med = statistics.median(py), statistics.median(fs)
    print(f"| trace | JSON MB | python json.load median s | feedscope report median s | feedscope MB/s | python / feedscope |")
    print(f"|---|---:|---:|---:|---:|---:|")
    print(f"| {os.path.basename(trace)} | {json_mb:.1f} | {py_med:.3f} | {fs_med:.3f} | {json_mb / fs_med:.0f} | {py_med / fs_med:.2f}x |")


if __name__ == "__main__":
    main()
