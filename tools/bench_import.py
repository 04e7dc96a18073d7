#!/usr/bin/env python3
"""Streaming-import benchmark: for each trace, wall time and peak RSS of
`feedscope report TRACE --format json` against `zcat TRACE > /dev/null` (the speed of gunzip) and
Python's `json.load(gzip.open(TRACE))`, run interleaved so that all three see the same machine
load; medians of REPEATS runs. Peak RSS is the child's own (/usr/bin/time's maximum resident set size). Prints a Markdown
table; ratios are against zcat in the same run.

usage: bench_import.py FEEDSCOPE REPEATS PYTHON_MAX_EVENTS TRACE:EVENTS...
(Python is left out for traces of more than PYTHON_MAX_EVENTS events: json.load of a 1.4 GB
document needs more memory than the machine may have.)"""
import gzip
import os
import statistics
import subprocess
import sys
import tempfile
import time


def measure(cmd, env=None):
    """Wall seconds and peak RSS (MiB) of one run of `cmd`, output discarded. The RSS comes from
    /usr/bin/time: a child forked from Python would count Python's own pages until it execs."""
    with tempfile.NamedTemporaryFile("r") as rss:
        start = time.perf_counter()
        proc = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", rss.name] + cmd, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, env=env)
        elapsed = time.perf_counter() - start
        if proc.returncode != 0:
            sys.exit(f"{cmd[0]} exited {proc.returncode}: {proc.stderr.decode(errors='replace').strip()}")
        return elapsed, int(rss.read().split()[-1]) / 1024.0


def json_bytes(trace):
    n = 0
    with gzip.open(trace) as f:
        while chunk := f.read(1 << 24):
            n += len(chunk)
    return n


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    feedscope, repeats, python_max = sys.argv[1], int(sys.argv[2]), int(float(sys.argv[3]))
    traces = [(t.rsplit(":", 1)[0], int(float(t.rsplit(":", 1)[1]))) for t in sys.argv[4:]]
    zlib_env = dict(os.environ, FEEDSCOPE_INFLATER="zlib")
    print("| events | JSON MB | gz MB | zcat s | feedscope s (ISA-L) | ratio | feedscope s (zlib) | ratio |"
          " peak RSS MiB | bytes/event at peak | json.load s | json.load RSS MiB |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for trace, events in traces:
        size = json_bytes(trace)
        tools = {
            "zcat": (["zcat", trace], None),
            "feedscope": ([feedscope, "report", trace, "--format", "json"], None),
            "feedscope-zlib": ([feedscope, "report", trace, "--format", "json"], zlib_env),
        }
        if events <= python_max:
            tools["python"] = ([sys.executable, "-c", f"import gzip,json; json.load(gzip.open({trace!r}))"], None)
        for cmd, env in tools.values():  # warm the page cache
            measure(cmd, env)
        runs = {name: [] for name in tools}
        for _ in range(repeats):
            for name, (cmd, env) in tools.items():
                runs[name].append(measure(cmd, env))
        med = {name: (statistics.median(w for w, _ in r), statistics.median(m for _, m in r)) for name, r in runs.items()}
        z = med["zcat"][0]
        fs, fs_rss = med["feedscope"]
        fz = med["feedscope-zlib"][0]
        py = f"{med['python'][0]:.2f} | {med['python'][1]:.0f}" if "python" in med else "skipped | skipped"
        print(f"| {events:,} | {size / 1e6:.0f} | {os.path.getsize(trace) / 1e6:.1f} | {z:.2f} | {fs:.2f} | "
              f"{fs / z:.2f}x | {fz:.2f} | {fz / z:.2f}x | {fs_rss:.0f} | {fs_rss * 1048576 / events:.0f} | {py} |",
              flush=True)
        for name, r in runs.items():
            print(f"<!-- {os.path.basename(trace)} {name}: " +
                  ", ".join(f"{w:.2f}s/{m:.0f}MiB" for w, m in r) + " -->", flush=True)


if __name__ == "__main__":
    main()
