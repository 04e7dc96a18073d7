#!/usr/bin/env python3
"""Summarizes the files tests/gpu/run-on-device.sh leaves in its output folder as the Markdown tables
of docs/gpu-results.md, with each target checked. Anything missing reads "not measured"."""
import json
import statistics
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path


def load(folder, name):
    path = folder / name
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def fmt_ms(ns):
    return "not measured" if ns is None else f"{ns / 1e6:.2f} ms"


def fmt_pct(value):
    return "not measured" if value is None else f"{value:.1f} %"


def fmt_gbps(value):
    return "not measured" if value is None else f"{value:.1f} GB/s"


def label_ns(run, key):
    try:
        return int(run["labels"][key])
    except (KeyError, TypeError, ValueError):
        return None


def mode_table(report, title):
    lines = [f"### {title}", ""]
    if report is None:
        return lines + ["not measured", ""]
    lines += ["| mode | median step | ideal step | step / ideal | starvation | H2D overlap | H2D pageable | H2D pinned | dropped |",
              "|---|---|---|---|---|---|---|---|---|"]
    for run in report.get("runs", []):
        device = (run.get("devices") or [{}])[0]
        median = label_ns(run, "host_median_step_ns")
        ideal = label_ns(run, "ideal_step_ns")
        ratio = f"{median / ideal:.2f}x" if median and ideal else "not measured"
        lines.append(f"| {run['name']} | {fmt_ms(median)} | {fmt_ms(ideal)} | {ratio} | "
                     f"{fmt_pct(device.get('starvation_pct'))} | {fmt_pct(device.get('h2d_overlap_pct'))} | "
                     f"{fmt_gbps(device.get('h2d_pageable_gbps'))} | {fmt_gbps(device.get('h2d_pinned_gbps'))} | "
                     f"{run.get('dropped_records', 'not measured')} |")
    return lines + [""]


def first_run(report):
    return (report or {}).get("runs", [None])[0]


def main():
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "gpu-results")
    out = ["## Summary", ""]
    checks = []

    tests = folder / "gpu-tests.xml"
    if tests.exists():
        root = ElementTree.parse(tests).getroot()
        out.append(f"GPU tests: {root.get('tests')} run, {root.get('failures')} failed, "
                   f"{root.get('disabled', '0')} disabled, skipped {sum(1 for _ in root.iter('skipped'))}")
    else:
        out.append("GPU tests: not run")
    devices = load(folder, "devices.json")
    if devices:
        names = ", ".join(d["name"] for d in devices.get("devices", []))
        out.append(f"Devices: {names} (CUDA driver {devices.get('cuda_driver_version')})")
    out.append("")

    calibration = load(folder, "calibration.json")
    out += ["### Copy calibration (feedscope calibrate)", ""]
    if calibration:
        out += [f"peaks: H2D pinned {fmt_gbps(calibration['pinned_h2d_gbps'])}, H2D pageable "
                f"{fmt_gbps(calibration['pageable_h2d_gbps'])}, D2H pinned {fmt_gbps(calibration['pinned_d2h_gbps'])}, "
                f"D2H pageable {fmt_gbps(calibration['pageable_d2h_gbps'])}", "",
                "| size | H2D pinned | H2D pageable | D2H pinned | D2H pageable |", "|---|---|---|---|---|"]
        rows = {}
        for s in calibration["samples"]:
            rows.setdefault(s["bytes"], {})[(s["direction"], s["host_memory"])] = s
        for size in sorted(rows):
            cells = []
            for key in (("h2d", "pinned"), ("h2d", "pageable"), ("d2h", "pinned"), ("d2h", "pageable")):
                s = rows[size].get(key)
                cells.append(f"{s['gbps']:.2f} GB/s, {s['latency_ns'] / 1e3:.1f} µs" if s else "-")
            out.append(f"| {size / 1024:.0f} KiB | " + " | ".join(cells) + " |")
        checks.append(("pinned H2D ≥ 50 GB/s", calibration["pinned_h2d_gbps"] >= 50,
                       fmt_gbps(calibration["pinned_h2d_gbps"])))
    else:
        out.append("not measured")
        checks.append(("pinned H2D ≥ 50 GB/s", None, "not measured"))
    out.append("")

    train = load(folder, "demo-train.json")
    out += mode_table(train, "Demo, phase train (feedscope demo)")
    out += mode_table(load(folder, "demo-predict.json"), "Demo, phase predict")
    on = next((r for r in (train or {}).get("runs", []) if r["name"] == "on"), None)
    if on and label_ns(on, "host_median_step_ns") and label_ns(on, "ideal_step_ns"):
        ratio = label_ns(on, "host_median_step_ns") / label_ns(on, "ideal_step_ns")
        checks.append(("mode on within 10 % of the ideal step", ratio <= 1.10, f"{ratio:.3f}x ideal"))
    else:
        checks.append(("mode on within 10 % of the ideal step", None, "not measured"))

    ratios = []
    pair = 1
    while (folder / f"overhead-off-{pair}.json").exists() or (folder / f"overhead-cupti-{pair}.json").exists():
        off = label_ns(first_run(load(folder, f"overhead-off-{pair}.json")), "host_median_step_ns")
        cupti = label_ns(first_run(load(folder, f"overhead-cupti-{pair}.json")), "host_median_step_ns")
        if off and cupti:
            ratios.append(cupti / off)
        pair += 1
    out += ["### Collector overhead (mode on, 200 steps, with / without the collector)", ""]
    if ratios:
        overhead = statistics.median(ratios) - 1
        out.append("ratios: " + ", ".join(f"{r:.4f}" for r in ratios) + f"; median {statistics.median(ratios):.4f}")
        checks.append(("collector overhead ≤ 3 %", overhead <= 0.03, f"{overhead * 100:+.2f} %"))
    else:
        out.append("not measured")
        checks.append(("collector overhead ≤ 3 %", None, "not measured"))
    out.append("")

    thousand = first_run(load(folder, "steps-1000.json"))
    if thousand:
        dropped = thousand.get("dropped_records")
        checks.append(("0 dropped records over 1,000 steps", dropped == 0,
                       f"{dropped} dropped, {thousand.get('invalid_records')} invalid"))
    else:
        checks.append(("0 dropped records over 1,000 steps", None, "not measured"))

    out += ["### Targets", "", "| target | met | figure |", "|---|---|---|"]
    for name, met, figure in checks:
        out.append(f"| {name} | {'yes' if met else ('not measured' if met is None else 'NO')} | {figure} |")
    print("\n".join(out))


if __name__ == "__main__":
    main()
