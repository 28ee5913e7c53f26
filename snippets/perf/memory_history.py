# needs: cuda
# measured: \d+(?= allocation events)
"""Record every CUDA allocation with its stack, and dump a snapshot to look at in the memory viewer."""

import pickle

import torch
from torch import nn

# From here on the allocator keeps each allocation and free, with the Python stack that asked for it.
torch.cuda.memory._record_memory_history(max_entries=100_000)

device = torch.device("cuda")
model = nn.Sequential(nn.Linear(4096, 4096), nn.ReLU(), nn.Linear(4096, 4096)).to(device)
optimizer = torch.optim.Adam(model.parameters())
x = torch.randn(1024, 4096, device=device)
for _ in range(3):
    loss = model(x).square().mean()
    loss.backward()
    optimizer.step()
    optimizer.zero_grad()

# Drop this file on pytorch.org/memory_viz: it is read in the browser, nothing is uploaded.
torch.cuda.memory._dump_snapshot("snapshot.pickle")
torch.cuda.memory._record_memory_history(enabled=None)  # stop recording

with open("snapshot.pickle", "rb") as f:
    snapshot = pickle.load(f)
events = snapshot["device_traces"][0]  # the recorded events of GPU 0, oldest first
actions = sorted({event["action"] for event in events})
print(f"snapshot.pickle: {len(events)} allocation events, of kinds {actions}")
print("segments the allocator holds now:", len(snapshot["segments"]))
