#!/usr/bin/env python3
"""Opening a trace in the GUI against `feedscope report` on the same file (issue 34 item 8,
docs/performance.md "Opening in the GUI"): wall time and peak RSS of `open_in_gui TRACE` (the main
window until the document is shown and painted) and of `feedscope report TRACE`, run interleaved so
that both see the same machine load; medians of REPEATS runs after one to warm the page cache. Prints a
Markdown table; the ratio is the GUI's time over the report's in the same run.

usage: bench_open.py FEEDSCOPE OPEN_IN_GUI REPEATS TRACE:EVENTS..."""
import os
import statistics
import sys

from bench_import import measure  # one way to time a command and read its peak RSS


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    feedscope, gui, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3])
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    print("| events | gz MB | report s | GUI open s | ratio | report peak MiB | GUI peak MiB |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for arg in sys.argv[4:]:
        trace, events = arg.rsplit(":", 1)
        tools = {"report": [feedscope, "report", trace], "gui": [gui, trace]}
        for cmd in tools.values():
            measure(cmd, env)
        runs = {name: [] for name in tools}
        for _ in range(repeats):
            for name, cmd in tools.items():
                runs[name].append(measure(cmd, env))
        med = {n: (statistics.median(w for w, _ in r), statistics.median(m for _, m in r)) for n, r in runs.items()}
        (rw, rm), (gw, gm) = med["report"], med["gui"]
        print(f"| {int(float(events)):,} | {os.path.getsize(trace) / 1e6:.1f} | {rw:.2f} | {gw:.2f} | {gw / rw:.2f}x | "
              f"{rm:.0f} | {gm:.0f} |", flush=True)
        for name, r in runs.items():
            print(f"<!-- {os.path.basename(trace)} {name}: " + ", ".join(f"{w:.2f}s/{m:.0f}MiB" for w, m in r) + " -->",
                  flush=True)


if __name__ == "__main__":
    main()
