#!/usr/bin/env python3
"""The small conv net trained with DistributedDataParallel by two processes that torchrun starts,
for checking that `feedscope record -- torchrun ...` records every rank as a lane of one run. The GPU
machine has one GPU, so both ranks share it and talk through gloo (NCCL refuses two ranks on one GPU).
Rank 0 prints one JSON line at the end."""
import argparse
import json
import os
import sys

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from train_loader import SyntheticImages, make_model


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--steps", type=int, default=30)
    p.add_argument("--batch", type=int, default=32)
    args = p.parse_args()
    dist.init_process_group("gloo")
    rank, world = dist.get_rank(), dist.get_world_size()
    device = torch.device("cuda", int(os.environ.get("LOCAL_RANK", 0)) % torch.cuda.device_count())
    torch.cuda.set_device(device)
    torch.manual_seed(0)
    dataset = SyntheticImages(args.steps * args.batch * world, 128, 2)
    loader = DataLoader(dataset, batch_size=args.batch, sampler=DistributedSampler(dataset, world, rank, shuffle=False),
                        num_workers=2, pin_memory=True, drop_last=True)
    model = DistributedDataParallel(make_model().to(device))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    loss_fn = nn.CrossEntropyLoss()
    steps = 0
    for step, (x, y) in enumerate(loader):
        torch.cuda.nvtx.range_push("step %d" % step)
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        optimizer.zero_grad(set_to_none=True)
        loss_fn(model(x), y).backward()
        optimizer.step()
        torch.cuda.nvtx.range_pop()
        steps += 1
    torch.cuda.synchronize()
    if rank == 0:
        print(json.dumps({"program": "ddp", "world": world, "steps": steps}))
    dist.destroy_process_group()
    return 0


if __name__ == "__main__":
    sys.exit(main())
