#!/usr/bin/env python3
"""An unchanged PyTorch training loop, the kind `feedscope record` attaches to: a dataset whose
__getitem__ is slow (it sleeps, as reading a file does), a custom batch class (without pin_memory()
unless --batch-pins), DataLoader(num_workers=W, pin_memory=True), a small model trained with SGD, on the
CPU or, with --device cuda, on a GPU. It measures itself (perf_counter around next(loader) and around
each step) and writes those figures to --result; stdout gets only what does not depend on timing (the
loss, the batch type), so a test can compare it byte for byte with and without Feedscope.

  cpu_loader_loop.py [--workers 2] [--steps 12] [--sample-ms 4] [--batch 8] [--compute-ms 0]
                     [--device cpu] [--batch-pins] [--non-blocking] [--spawn] [--exit-code 0] [--result FILE]
"""
import argparse
import json
import sys
import time

import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset


class TileBatch:
    """A custom batch: images and labels as attributes, no pin_memory() (the robosat trap)."""

    def __init__(self, images, labels):
        self.images = images
        self.labels = labels

    def to(self, device, non_blocking=False):
        return type(self)(self.images.to(device, non_blocking=non_blocking),
                          self.labels.to(device, non_blocking=non_blocking))


class PinnedTileBatch(TileBatch):
    """The fix: a pin_memory() that pins the tensors and returns the batch."""

    def pin_memory(self):
        self.images = self.images.pin_memory()
        self.labels = self.labels.pin_memory()
        return self


def collate(samples):
    return TileBatch(torch.stack([s[0] for s in samples]), torch.tensor([s[1] for s in samples]))


def collate_pinnable(samples):
    return PinnedTileBatch(torch.stack([s[0] for s in samples]), torch.tensor([s[1] for s in samples]))


class SlowTiles(Dataset):
    def __init__(self, length, sample_ms, sample_cpu_ms=0.0):
        self.length = length
        self.sample_s = sample_ms / 1000.0
        self.cpu_s = sample_cpu_ms / 1000.0

    def __len__(self):
        return self.length

    def __getitem__(self, i):
        time.sleep(self.sample_s)  # reading a tile from storage
        end = time.thread_time() + self.cpu_s  # decoding it: CPU work
        while time.thread_time() < end:
            pass
        g = torch.Generator().manual_seed(i)
        return torch.rand(3, 16, 16, generator=g), i % 4


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--steps", type=int, default=12)
    p.add_argument("--sample-ms", type=float, default=4.0, help="wait per sample (reading it)")
    p.add_argument("--sample-cpu-ms", type=float, default=0.0, help="CPU work per sample (decoding it)")
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--compute-ms", type=float, default=0.0, help="extra CPU work per step (a busy loop)")
    p.add_argument("--device", default="cpu")
    p.add_argument("--batch-pins", action="store_true", help="the batch class defines pin_memory()")
    p.add_argument("--non-blocking", action="store_true")
    p.add_argument("--spawn", action="store_true", help="start the workers with spawn, not fork")
    p.add_argument("--exit-code", type=int, default=0)
    p.add_argument("--result")
    args = p.parse_args()
    torch.manual_seed(0)
    torch.set_num_threads(1)
    extra = {"multiprocessing_context": "spawn"} if args.spawn and args.workers > 0 else {}
    loader = DataLoader(SlowTiles(args.steps * args.batch, args.sample_ms, args.sample_cpu_ms), batch_size=args.batch,
                        num_workers=args.workers, pin_memory=True,
                        collate_fn=collate_pinnable if args.batch_pins else collate, **extra)
    device = torch.device(args.device)
    model = nn.Sequential(nn.Flatten(), nn.Linear(3 * 16 * 16, 32), nn.ReLU(), nn.Linear(32, 4)).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loss_fn = nn.CrossEntropyLoss()
    waits, steps = [], []
    it = iter(loader)
    for step in range(args.steps):
        t0 = time.perf_counter()
        batch = next(it)
        t1 = time.perf_counter()
        batch = batch.to(device, non_blocking=args.non_blocking)
        loss = loss_fn(model(batch.images), batch.labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        end = time.perf_counter() + args.compute_ms / 1000.0
        while time.perf_counter() < end:
            pass
        waits.append(t1 - t0)
        steps.append(time.perf_counter() - t0)
    print(json.dumps({"steps": args.steps, "loss": round(float(loss.item()), 6), "batch_type": type(batch).__name__}))
    if args.result:
        with open(args.result, "w") as f:
            f.write(json.dumps({"steps": args.steps, "wait_s": sum(waits), "mean_step_s": sum(steps) / len(steps),
                                # the steady state: the first step also waits for the workers to start
                                "steady_step_s": sum(steps[1:]) / max(1, len(steps) - 1),
                                "median_step_s": sorted(steps)[len(steps) // 2]}) + "\n")
    return args.exit_code


if __name__ == "__main__":
    sys.exit(main())
