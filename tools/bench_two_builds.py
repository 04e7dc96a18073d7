#!/usr/bin/env python3
"""Two builds of `feedscope` against each other: `feedscope report TRACE --format json` of BASE and
NEW run alternately with zcat (and json.load on traces under 20 MB of JSON), REPEATS rounds; medians of
wall time and of the child's user+sys CPU time.
usage: bench_two_builds.py BASE NEW REPEATS TRACE..."""
import gzip, json, statistics, subprocess, sys, time

import os
cpu = {}
def wall(cmd, key=None):
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    if status != 0:
        sys.exit(f"{cmd} exited {status}")
    if key: cpu.setdefault(key, []).append(ru.ru_utime + ru.ru_stime)
    return time.perf_counter() - t

base, new, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3])
for trace in sys.argv[4:]:
    times = {"base": [], "new": [], "zcat": [], "json.load": []}
    cpu.clear()
    small = len(gzip.open(trace).read(20_000_001)) <= 20_000_000
    for _ in range(repeats):
        times["zcat"].append(wall(["sh", "-c", f"zcat {trace} > /dev/null"]))
        times["base"].append(wall([base, "report", trace, "--format", "json"], "base"))
        times["new"].append(wall([new, "report", trace, "--format", "json"], "new"))
        if small:
            times["json.load"].append(wall([sys.executable, "-c", f"import gzip,json; json.load(gzip.open('{trace}'))"]))
    m = {k: statistics.median(v) for k, v in times.items() if v}
    print(f"{trace}: " + ", ".join(f"{k} {v:.3f} s" for k, v in m.items()))
    print(f"  new/base {m['new']/m['base']:.3f}x, new/zcat {m['new']/m['zcat']:.3f}x, base/zcat {m['base']/m['zcat']:.3f}x"
          + (f", json.load/new {m['json.load']/m['new']:.2f}x" if 'json.load' in m else ""))
    c = {k: statistics.median(v) for k, v in cpu.items()}
    print(f"  CPU (user+sys) medians: base {c['base']:.3f} s, new {c['new']:.3f} s, new/base {c['new']/c['base']:.3f}x")
    print("  ranges: " + ", ".join(f"{k} {min(v):.3f}-{max(v):.3f}" for k, v in times.items() if v))
