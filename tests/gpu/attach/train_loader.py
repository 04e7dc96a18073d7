#!/usr/bin/env python3
"""A small PyTorch training program for checking `feedscope record` on a GPU, written for the tests.

A DataLoader with worker processes makes synthetic images (with some CPU work per sample, like
decoding and augmenting) for a small conv net. Two variants of the same loop:

  naive     pin_memory=False, x.to("cuda") blocking: pageable host-to-device copies, the GPU waits
  prefetch  pin_memory=True, non_blocking=True, and the next batch copied on a side stream while the
            current one computes: pinned copies hidden behind compute

Every step is an NVTX range "step N" (Feedscope's steps), the batch fetch a range "data_load", and the
measured steps (after --warmup) sit inside a range "train", so `feedscope record --capture nvtx:train`
and torch.profiler (--torch-profile) look at exactly the same steps. The program prints one JSON line
and writes it to --result: measured steps, seconds per step, and with --torch-profile the kernel and
copy counts torch.profiler saw.

--device cpu runs the naive loop without a GPU (NVTX calls become no-ops): a dry run of this file.
"""
import argparse
import json
import os
import sys
import time

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset


class SyntheticImages(Dataset):
    """Image i is made from seed i, so every run and every worker sees the same data."""

    def __init__(self, count, size, work):
        self.count, self.size, self.work = count, size, work

    def __len__(self):
        return self.count

    def __getitem__(self, i):
        g = torch.Generator().manual_seed(i)
        x = torch.rand(3, self.size, self.size, generator=g)
        for _ in range(self.work):  # CPU work per sample, as decoding and augmenting cost
            x = torch.flip(x, dims=[2]) * 0.5 + 0.25
        return (x - 0.5) / 0.25, i % 10


def make_model():
    def block(cin, cout):
        return [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)]

    return nn.Sequential(*block(3, 32), nn.MaxPool2d(2), *block(32, 64), nn.MaxPool2d(2), *block(64, 128),
                         nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(128, 10))


class Nvtx:
    """NVTX ranges through torch.cuda.nvtx; nothing on a CPU-only run."""

    def __init__(self, enabled):
        self.enabled = enabled

    def push(self, name):
        if self.enabled:
            torch.cuda.nvtx.range_push(name)

    def pop(self):
        if self.enabled:
            torch.cuda.nvtx.range_pop()


def naive_batches(loader, device, non_blocking):
    for x, y in loader:
        yield x.to(device, non_blocking=non_blocking), y.to(device, non_blocking=non_blocking)


def prefetched_batches(loader, device):
    """Copies batch i+1 on a side stream while batch i computes on the default stream."""
    stream = torch.cuda.Stream()

    def load(it):
        try:
            x, y = next(it)
        except StopIteration:
            return None
        with torch.cuda.stream(stream):
            return x.to(device, non_blocking=True), y.to(device, non_blocking=True)

    it = iter(loader)
    ahead = load(it)
    while ahead is not None:
        torch.cuda.current_stream().wait_stream(stream)
        x, y = ahead
        # The tensors were made on the side stream: tell the allocator the default stream uses them.
        x.record_stream(torch.cuda.current_stream())
        y.record_stream(torch.cuda.current_stream())
        ahead = load(it)
        yield x, y


def count_profiled(prof):
    """Kernels and copies torch.profiler recorded, from its own events."""
    counts = {"kernels": 0, "h2d": 0, "h2d_pageable": 0, "h2d_pinned": 0, "memsets": 0}
    path = "/tmp/feedscope-torch-profile-%d.json" % time.time_ns()
    prof.export_chrome_trace(path)
    with open(path) as f:
        trace = json.load(f)
    os.remove(path)
    # Kineto writes {"traceEvents": [...]}; builds without Kineto write the plain list.
    for e in trace if isinstance(trace, list) else trace.get("traceEvents", []):
        if e.get("ph") != "X":
            continue
        cat, name = e.get("cat", ""), e.get("name", "")
        if cat == "kernel":
            counts["kernels"] += 1
        elif cat == "gpu_memcpy" and "HtoD" in name:
            counts["h2d"] += 1
            counts["h2d_pageable"] += "Pageable" in name
            counts["h2d_pinned"] += "Pinned" in name
        elif cat == "gpu_memset":
            counts["memsets"] += 1
    return counts


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", choices=["naive", "prefetch"], required=True)
    p.add_argument("--steps", type=int, default=60, help="measured steps, after the warm-up")
    p.add_argument("--warmup", type=int, default=10)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--image-size", type=int, default=128)
    p.add_argument("--workers", type=int, default=4)
    p.add_argument("--work", type=int, default=2, help="CPU work per sample")
    p.add_argument("--device", default="cuda")
    p.add_argument("--torch-profile", action="store_true", help="count kernels and copies with torch.profiler")
    p.add_argument("--result", help="also write the JSON result line here")
    args = p.parse_args()

    cuda = args.device.startswith("cuda")
    if cuda and not torch.cuda.is_available():
        print("train_loader: no CUDA device", file=sys.stderr)
        return 3
    if args.variant == "prefetch" and not cuda:
        print("train_loader: the prefetch variant needs a GPU (pinned memory, streams)", file=sys.stderr)
        return 2
    torch.manual_seed(0)
    torch.backends.cudnn.benchmark = False  # the same kernels in every run, for the kernel count check
    device = torch.device(args.device)
    total = args.warmup + args.steps
    dataset = SyntheticImages(total * args.batch, args.image_size, args.work)
    prefetch = args.variant == "prefetch"
    loader = DataLoader(dataset, batch_size=args.batch, shuffle=False, drop_last=True, num_workers=args.workers,
                        pin_memory=prefetch, persistent_workers=False)
    model = make_model().to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    loss_fn = nn.CrossEntropyLoss()
    nvtx = Nvtx(cuda)
    batches = prefetched_batches(loader, device) if prefetch else naive_batches(loader, device, False)

    profiler = None
    started = None
    it = iter(batches)
    for step in range(total):
        if step == args.warmup:
            if cuda:
                torch.cuda.synchronize()
            nvtx.push("train")
            if args.torch_profile:
                activities = [torch.profiler.ProfilerActivity.CPU]
                if cuda:
                    activities.append(torch.profiler.ProfilerActivity.CUDA)
                profiler = torch.profiler.profile(activities=activities)
                profiler.start()
            started = time.perf_counter()
        nvtx.push("step %d" % step)
        nvtx.push("data_load")
        x, y = next(it)
        nvtx.pop()
        optimizer.zero_grad(set_to_none=True)
        loss = loss_fn(model(x), y)
        loss.backward()
        optimizer.step()
        nvtx.pop()
    nvtx.pop()  # train: closed after the last launch, before waiting for the GPU
    if cuda:
        torch.cuda.synchronize()
    elapsed = time.perf_counter() - started
    result = {
        "variant": args.variant,
        "device": torch.cuda.get_device_name(0) if cuda else "cpu",
        "torch": torch.__version__,
        "measured_steps": args.steps,
        "seconds_per_step": elapsed / args.steps,
        "final_loss": float(loss.item()),
    }
    if profiler is not None:
        profiler.stop()
        result["torch_profiler"] = count_profiled(profiler)
    line = json.dumps(result)
    print(line)
    if args.result:
        with open(args.result, "w") as f:
            f.write(line + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
