#!/usr/bin/env python3
"""What the Python hooks cost (issue: "See inside the Python that feeds the GPU", item 5), in one run:
a CPU training loop of about 5 ms steps (tests/python_hooks/loader_loop.py: 2 workers, a fast loader,
5 ms of compute a step), bare and under `feedscope record`, alternating so that drifts hit both alike;
and a Python program that never imports torch, bare and with the environment `record` gives it (the
hooks on PYTHONPATH: they load nothing until torch is imported). Prints medians and ratios.

  tools/bench_python_hooks.py [FEEDSCOPE_CLI] [--rounds 5] [--steps 200] [--python /usr/bin/python3]
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("cli", nargs="?", default=os.path.join(ROOT, "build-release/app/feedscope/feedscope"))
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--steps", type=int, default=200)
    p.add_argument("--python", default="/usr/bin/python3")
    a = p.parse_args()
    work = tempfile.mkdtemp(prefix="feedscope-hooks-bench-")
    loop = [a.python, os.path.join(ROOT, "tests/python_hooks/loader_loop.py"), "--workers", "2", "--steps",
            str(a.steps), "--sample-ms", "0.1", "--compute-ms", "5"]
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    library = subprocess.run([a.cli, "record", "--print-injection-path"], capture_output=True, text=True,
                             check=True).stdout.strip()
    # What `record` gives the program: the hooks first on PYTHONPATH and a raw-stream folder.
    hooked = dict(env, PYTHONPATH=os.path.join(os.path.dirname(library), "python"), FEEDSCOPE_RAW_DIR=work,
                  CUDA_INJECTION64_PATH=library)
    steps = {"bare": [], "recorded": []}
    starts = {"bare": [], "recorded": []}
    for r in range(a.rounds):
        for mode in ("bare", "recorded"):
            result = os.path.join(work, "%s-%d.json" % (mode, r))
            prefix = [] if mode == "bare" else [a.cli, "record", "-o", os.path.join(work, "%s-%d.feedscope" % (mode, r)), "--"]
            subprocess.run(prefix + loop + ["--result", result], env=env, capture_output=True, check=True)
            steps[mode].append(json.load(open(result))["steady_step_s"])
            t0 = time.perf_counter()
            subprocess.run([a.python, "-c", "import json; json.dumps({})"], env=env if mode == "bare" else hooked,
                           capture_output=True)
            starts[mode].append(time.perf_counter() - t0)
    b, rec = statistics.median(steps["bare"]), statistics.median(steps["recorded"])
    sb, sr = statistics.median(starts["bare"]), statistics.median(starts["recorded"])
    print("| what | bare (median) | recorded (median) | ratio | runs |")
    print("|---|---|---|---|---|")
    print("| step of the CPU loop (2 workers, 5 ms compute) | %.3f ms | %.3f ms | %.3fx | %d + %d |"
          % (b * 1e3, rec * 1e3, rec / b, len(steps["bare"]), len(steps["recorded"])))
    print("| a Python program without torch, start to end, with the hooks on PYTHONPATH | %.1f ms | %.1f ms | %.2fx | %d + %d |"
          % (sb * 1e3, sr * 1e3, sr / sb, len(starts["bare"]), len(starts["recorded"])))


if __name__ == "__main__":
    main()
