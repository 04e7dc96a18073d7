"""The README's quick start, run for real: a tiny training loop on the CPU with exactly the lines the
README asks a PyTorch user to add (marked "# feedscope"), writing its trace to the folder argv[1]."""
import sys

import torch
from torch.profiler import profile, record_function, schedule, tensorboard_trace_handler  # feedscope

trace_dir = sys.argv[1]
dataset = torch.utils.data.TensorDataset(torch.randn(512, 32), torch.randint(0, 4, (512,)))
loader = torch.utils.data.DataLoader(dataset, batch_size=32)
model = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 4))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

with profile(schedule=schedule(wait=1, warmup=1, active=5),                      # feedscope
             on_trace_ready=tensorboard_trace_handler(trace_dir)) as prof:      # feedscope
    batches = iter(loader)
    for step in range(7):
        with record_function("data_load"):                                      # feedscope
            inputs, labels = next(batches)
        loss = torch.nn.functional.cross_entropy(model(inputs), labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        prof.step()                                                             # feedscope
