#!/usr/bin/env python3
"""`feedscope record` of unchanged PyTorch programs on the CPU (Debian's python3-torch), end to end:
the Python hooks shipped beside libfeedscope-inject.so record steps, the main thread's waits in
next(loader), each worker's batches and the batch type, and the program behaves as without Feedscope.
Every figure is checked against what the program measured itself (tests/python_hooks/loader_loop.py
writes its own perf_counter figures to --result). Exit 77 (skipped) where this Python has no torch.

  record_python_test.py FEEDSCOPE_CLI [PYTHON]
"""
import csv
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LOOP = os.path.join(HERE, "loader_loop.py")
failures = []


def check(what, ok, detail=""):
    print("%s %s%s" % ("ok  " if ok else "FAIL", what, (": " + detail) if detail else ""))
    if not ok:
        failures.append(what)


def run(args, env=None, cwd=None):
    return subprocess.run(args, capture_output=True, text=True, env=env, cwd=cwd, timeout=300)


def main():
    cli = sys.argv[1]
    python = sys.argv[2] if len(sys.argv) > 2 else "/usr/bin/python3"
    if run([python, "-c", "import torch"]).returncode != 0:
        print("skipped: %s has no torch" % python)
        return 77
    work = tempfile.mkdtemp(prefix="feedscope-python-")
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)

    def record(name, loop_args, extra=()):
        session = os.path.join(work, name + ".feedscope")
        result = os.path.join(work, name + ".json")
        r = run([cli, "record", "-o", session, *extra, "--", python, LOOP, *loop_args, "--result", result], env)
        measured = json.load(open(result)) if os.path.exists(result) else {}
        return r, session, measured

    def report(session):
        r = run([cli, "report", session, "--format", "json"], env)
        return json.loads(r.stdout)["runs"][0] if r.returncode == 0 else {}

    # 1. The loop as the issue describes it: a custom batch class, 2 workers, a slow __getitem__.
    args = ["--workers", "2", "--steps", "12", "--sample-ms", "4"]
    bare = run([python, LOOP, *args], env)
    rec, session, measured = record("loop", args)
    check("exit status unchanged", rec.returncode == bare.returncode == 0, "%d / %d" % (rec.returncode, bare.returncode))
    check("stdout unchanged", rec.stdout == bare.stdout, repr(rec.stdout) + " vs " + repr(bare.stdout))
    check("hooks attached and said", "Python hooks attached to torch" in rec.stderr, rec.stderr[-500:])
    pipeline = report(session).get("input_pipeline") or {}
    check("steps: as many as the program took", pipeline.get("steps") == 12, str(pipeline.get("steps")))
    wait = pipeline.get("wait_ns", 0) / 1e9
    check("main thread's wait within 10 % of the program's", abs(wait - measured["wait_s"]) <= 0.10 * measured["wait_s"],
          "recorded %.4f s, measured %.4f s" % (wait, measured["wait_s"]))
    check("batch type named", pipeline.get("batch_type") == "TileBatch", str(pipeline.get("batch_type")))
    check("two workers", pipeline.get("workers") == 2, str(pipeline.get("workers")))
    csv_path = os.path.join(work, "loop.csv")
    run([cli, "export", session, "--format", "csv", "-o", csv_path], env)
    lanes = {}
    for row in csv.DictReader(open(csv_path)):
        if row["kind"] == "loader_work":
            lanes.setdefault(row["track"], []).append(row["name"])
    batches = sorted(int(n.split()[-1]) for names in lanes.values() for n in names)
    check("two worker lanes with one entry per batch", len(lanes) == 2 and batches == list(range(12)),
          "%d lanes, batches %s" % (len(lanes), batches))

    # 2. The program's own failure is record's status; its output is its own.
    rec, _, _ = record("fails", ["--workers", "1", "--steps", "3", "--exit-code", "3"])
    check("a failing program's status is kept", rec.returncode == 3, str(rec.returncode))

    # 3. Workers started with spawn: a new interpreter each, which picks the hooks up from PYTHONPATH.
    rec, session, _ = record("spawn", ["--workers", "2", "--steps", "6", "--spawn"])
    pipeline = report(session).get("input_pipeline") or {}
    check("spawned workers recorded", rec.returncode == 0 and pipeline.get("workers") == 2 and pipeline.get("batches") == 6,
          "exit %d, %s workers, %s batches" % (rec.returncode, pipeline.get("workers"), pipeline.get("batches")))

    # 4. --no-python: no hooks, nothing recorded (no CUDA here), the status kept.
    rec, _, _ = record("nopython", ["--workers", "0", "--steps", "2"], ["--no-python"])
    check("--no-python records nothing of Python", rec.returncode == 0 and "Python hooks" not in rec.stderr
          and "nothing was recorded" in rec.stderr, rec.stderr[-300:])

    # 5. A program that never imports torch: the hooks do nothing at all.
    r = run([cli, "record", "-o", os.path.join(work, "plain.feedscope"), "--", python, "-c", "print('plain')"], env)
    check("no torch, no recording", r.returncode == 0 and r.stdout == "plain\n" and "nothing was recorded" in r.stderr,
          r.stderr[-300:])

    # 6. The user's own sitecustomize still runs (Feedscope's is first on PYTHONPATH and chains to it).
    own = os.path.join(work, "own")
    os.makedirs(own)
    with open(os.path.join(own, "sitecustomize.py"), "w") as f:
        f.write("import sys\nprint('own sitecustomize', file=sys.stderr)\n")
    env_own = dict(env, PYTHONPATH=own)
    r = run([cli, "record", "-o", os.path.join(work, "own.feedscope"), "--", python, "-c", "import sys; print(sys.path[1:3])"],
            env_own)
    check("the program's own sitecustomize runs", "own sitecustomize" in r.stderr and r.returncode == 0, r.stderr[-300:])

    # 7. The worker what-if, against measurement: record with 1 worker, predict 2 and 3, run them.
    what_if = ["--steps", "30", "--sample-ms", "4", "--compute-ms", "5"]
    rec, session, _ = record("w1", ["--workers", "1", *what_if])
    predictions = {p["workers"]: p["step_ns"] / 1e9 for p in (report(session).get("input_pipeline") or {}).get("predictions", [])}
    for workers in (2, 3):
        result = os.path.join(work, "bare-w%d.json" % workers)
        run([python, LOOP, "--workers", str(workers), *what_if, "--result", result], env)
        # Steady state, as the prediction is: the first step also waits for the workers to start.
        measured_step = json.load(open(result))["steady_step_s"]
        predicted = predictions.get(workers, 0)
        check("%d workers: predicted step within 15 %% of the measured one" % workers,
              abs(predicted - measured_step) <= 0.15 * measured_step,
              "predicted %.2f ms from 1 worker, measured %.2f ms" % (predicted * 1e3, measured_step * 1e3))

    # 8. A loader that computes, on a machine with few cores: no prediction promises a step shorter than the
    # cores can give, (own work + a batch's CPU time) / cores, from the recorded figures themselves.
    rec, session, _ = record("cpu", ["--workers", "1", "--steps", "12", "--sample-ms", "0", "--sample-cpu-ms", "2",
                                     "--compute-ms", "2"])
    p = report(session).get("input_pipeline") or {}
    if p.get("cores") and p.get("batch_cpu_ns"):
        floor = (p["step_without_wait_ns"] + p["batch_cpu_ns"]) / p["cores"]
        fine = all(x["step_ns"] >= floor - 1 for x in p["predictions"])
        keeps = p["keeps_up_at"]
        check("CPU-bound loader: no step below what %d cores give" % p["cores"],
              fine and (keeps == 0) == (floor > p["step_without_wait_ns"]),
              "floor %.2f ms, predictions %s, keeps up at %d" % (floor / 1e6, [round(x["step_ns"] / 1e6, 2)
                                                                             for x in p["predictions"]], keeps))
    else:
        check("CPU-bound loader: cores and batch CPU time recorded", False, json.dumps(p)[:300])

    print("%d checks failed" % len(failures) if failures else "all checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
