#!/usr/bin/env python3
"""Judges the attach check from what attach-on-device.sh left in its work folder: Feedscope's JSON
reports, the training programs' result lines and the exit statuses. Prints a table (check, figure,
verdict) and writes it as Markdown; exit 1 when a check fails.

  check_attach.py WORK_DIR SUMMARY_MD
"""
import json
import os
import statistics
import sys


def load(work, name):
    path = os.path.join(work, name)
    if not os.path.exists(path):
        return None
    with open(path) as f:
        text = f.read().strip()
    if not text:
        return None
    try:
        return json.loads(text.splitlines()[-1] if name.endswith("-result.json") else text)
    except json.JSONDecodeError:
        return None


def status(work, name):
    path = os.path.join(work, name + ".status")
    return int(open(path).read().strip()) if os.path.exists(path) else None


def run_named(report, name):
    for run in (report or {}).get("runs", []):
        if run.get("name") == name:
            return run
    return None


def device0(run):
    devices = (run or {}).get("devices") or []
    return devices[0] if devices else None


class Table:
    def __init__(self):
        self.rows = []

    def check(self, what, figure, passed):
        self.rows.append((what, figure, "PASS" if passed else ("FAIL" if passed is not None else "NOT MEASURED")))

    def failed(self):
        return any(r[2] != "PASS" for r in self.rows)

    def markdown(self):
        lines = ["| check | measured | verdict |", "|---|---|---|"]
        lines += ["| %s | %s | %s |" % r for r in self.rows]
        return "\n".join(lines)


def main():
    work, summary_path = sys.argv[1], sys.argv[2]
    t = Table()
    ab = load(work, "ab-report.json")
    naive, prefetch = device0(run_named(ab, "naive")), device0(run_named(ab, "prefetch"))
    for label in ("naive", "prefetch"):
        code = status(work, "record-" + label)
        t.check("`record` of the %s loop exits as the program did" % label, "exit %s" % code, code == 0)
    measured = (load(work, "naive-rec-result.json") or {}).get("measured_steps")

    if naive and prefetch:
        t.check("naive variant: input copies pageable",
                "H2D pageable %d, pinned %d" % (naive["h2d_pageable_count"], naive["h2d_pinned_count"]),
                naive["h2d_pageable_count"] > 0 and naive["h2d_pinned_count"] == 0)
        t.check("prefetch variant: input copies pinned",
                "H2D pinned %d, pageable %d" % (prefetch["h2d_pinned_count"], prefetch["h2d_pageable_count"]),
                prefetch["h2d_pinned_count"] > 0 and prefetch["h2d_pageable_count"] == 0)
        t.check("prefetch variant starves the GPU less",
                "starvation %.2f %% (naive) -> %.2f %% (prefetch)" % (naive["starvation_pct"], prefetch["starvation_pct"]),
                prefetch["starvation_pct"] < naive["starvation_pct"])
        t.check("prefetch variant hides its copies",
                "H2D overlap %s %% (naive) -> %s %% (prefetch)" % (naive["h2d_overlap_pct"], prefetch["h2d_overlap_pct"]),
                (prefetch["h2d_overlap_pct"] or 0) > (naive["h2d_overlap_pct"] or 0))
        for label, d in (("naive", naive), ("prefetch", prefetch)):
            steps = (d.get("steps") or {}).get("count", 0)
            t.check("%s: NVTX steps recorded" % label, "%d steps (program measured %s)" % (steps, measured),
                    steps == measured)
    else:
        t.check("A/B session analysed", "no report (see the log)", False)

    for label, d in (("naive", naive), ("prefetch", prefetch)):
        prof = (load(work, label + "-prof-result.json") or {}).get("torch_profiler")
        if d is None or prof is None:
            t.check("%s: kernel count equals torch.profiler's" % label, "missing run", False)
            continue
        t.check("%s: kernel count equals torch.profiler's" % label,
                "Feedscope %d, torch.profiler %d" % (d["kernel_count"], prof["kernels"]),
                d["kernel_count"] == prof["kernels"])
        t.check("%s: H2D copy count equals torch.profiler's" % label,
                "Feedscope %d, torch.profiler %d" % (d["h2d_count"], prof["h2d"]), d["h2d_count"] == prof["h2d"])

    bare, recorded = [], []
    for name in sorted(os.listdir(work)):
        r = load(work, name) if name.endswith("-result.json") and name.startswith("overhead-") else None
        if r is None:
            continue
        (recorded if name.startswith("overhead-rec-") else bare).append(r["seconds_per_step"])
    if bare and recorded:
        b, r = statistics.median(bare), statistics.median(recorded)
        overhead = 100.0 * (r / b - 1.0)
        t.check("overhead of `record` on step time (target <= 3 %)",
                "median %.2f ms bare, %.2f ms recorded over %d+%d runs: %+.2f %%" % (b * 1e3, r * 1e3, len(bare),
                                                                                    len(recorded), overhead),
                overhead <= 3.0)
    else:
        t.check("overhead of `record` on step time (target <= 3 %)", "no runs", False)

    lightning = device0(((load(work, "lightning-report.json") or {}).get("runs") or [None])[0])
    code = status(work, "record-lightning")
    t.check("Lightning Trainer.fit recorded", "exit %s, %s kernels" % (code, lightning and lightning["kernel_count"]),
            code == 0 and lightning is not None and lightning["kernel_count"] > 0)
    # Under torchrun each rank is a run of its own (launch/rank_streams.h) and the report reads the
    # runs as one job: two runs, each with kernels, one job of two ranks.
    ddp_report = load(work, "ddp-report.json") or {}
    ddp_runs = ddp_report.get("runs") or []
    ddp_jobs = ddp_report.get("jobs") or []
    code = status(work, "record-ddp")
    kernels = [device0(r) and device0(r)["kernel_count"] for r in ddp_runs]
    ranks = ddp_jobs[0].get("ranks_present") if ddp_jobs else None
    t.check("torchrun, 2 ranks: a run per rank, read as one job",
            "exit %s, %d runs, kernels %s, job of %s ranks" % (code, len(ddp_runs), kernels, ranks),
            code == 0 and len(ddp_runs) == 2 and all(k and k > 0 for k in kernels) and len(ddp_jobs) == 1
            and ranks == 2)

    # torch.profiler inside a recorded program changes CUPTI's clock (Kineto's own timestamps): the
    # recording must either stay on CLOCK_MONOTONIC or say that it left the rest out, never place
    # kernels on a wrong clock (launch/stream_clock.h).
    code = status(work, "record-with-torch-profiler")
    if code is not None:
        notes = ""
        path = os.path.join(work, "record-with-torch-profiler.stderr")
        if os.path.exists(path):
            with open(path) as f:
                notes = f.read()
        said = "CUPTI's clock was changed" in notes
        report = load(work, "torch-profiler-report.json") or {}
        run = (report.get("runs") or [None])[0]
        kernels = device0(run) and device0(run)["kernel_count"]
        t.check("torch.profiler inside a recorded program: placed on one clock, or said",
                "exit %s, %s kernels kept, clock change %s" % (code, kernels, "said" if said else "not seen"),
                code == 0 and (said or (kernels is not None and kernels > 0)))

    errors = 0
    for name in os.listdir(work):
        if name.startswith("record-") and name.endswith(".stderr"):
            with open(os.path.join(work, name)) as f:
                errors += sum(1 for line in f if line.startswith("feedscope: ") and ": error: " in line)
    t.check("no errors from the injection in any process", "%d error lines" % errors, errors == 0)

    text = t.markdown()
    print(text)
    with open(summary_path, "w") as f:
        f.write(text + "\n")
    return 1 if t.failed() else 0


if __name__ == "__main__":
    sys.exit(main())
