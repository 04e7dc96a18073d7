#!/usr/bin/env python3
"""PyTorch Lightning's Trainer.fit on the small conv net of train_loader.py, for checking that
`feedscope record` records a Lightning program unchanged. Prints one JSON line at the end."""
import argparse
import json
import sys

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

import lightning as L

from train_loader import SyntheticImages, make_model


class ConvNetModule(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.model = make_model()
        self.loss_fn = nn.CrossEntropyLoss()

    def training_step(self, batch, batch_idx):
        x, y = batch
        return self.loss_fn(self.model(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.05, momentum=0.9)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--steps", type=int, default=40)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--workers", type=int, default=4)
    args = p.parse_args()
    if not torch.cuda.is_available():
        print("lightning_fit: no CUDA device", file=sys.stderr)
        return 3
    torch.manual_seed(0)
    data = DataLoader(SyntheticImages(args.steps * args.batch, 128, 2), batch_size=args.batch, num_workers=args.workers,
                      pin_memory=True, drop_last=True)
    trainer = L.Trainer(max_steps=args.steps, accelerator="gpu", devices=1, logger=False, enable_checkpointing=False,
                        enable_progress_bar=False, enable_model_summary=False)
    trainer.fit(ConvNetModule(), data)
    print(json.dumps({"program": "lightning", "steps": int(trainer.global_step)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
