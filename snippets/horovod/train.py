# run: horovodrun -np 2 -H localhost:2 --gloo python snippets/horovod/train.py
"""A training loop made data-parallel by Horovod: every rank ends with the same weights."""

import horovod.torch as hvd
import torch
from torch import nn

hvd.init()
rank, size = hvd.rank(), hvd.size()
if torch.cuda.is_available():  # one GPU per process, chosen by local rank (shared if there are fewer)
    device = torch.device("cuda", hvd.local_rank() % torch.cuda.device_count())
else:
    device = torch.device("cpu")

# The data: 5 steps of 16 samples, the same on every rank; each rank trains on its half of every batch.
torch.manual_seed(0)
X, Y = torch.randn(5, 16, 4), torch.randn(5, 16, 1)

torch.manual_seed(rank)  # a different start on each rank on purpose...
model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1)).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

print("my first weight at the start:", round(model[0].weight[0, 0].item(), 4))

# The Horovod part: average gradients in step(), start everyone from rank 0's weights and optimizer state.
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters())
hvd.broadcast_parameters(model.state_dict(), root_rank=0)
hvd.broadcast_optimizer_state(optimizer, root_rank=0)

for step in range(5):
    x, y = X[step, rank::size].to(device), Y[step, rank::size].to(device)  # my 8 samples
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()  # Horovod starts averaging each gradient as soon as backward has produced it
    optimizer.step()  # waits for the averages, then updates
    print(f"step {step}: loss on my samples {loss.item():.4f}")

weights = torch.cat([p.detach().flatten() for p in model.parameters()]).cpu()
everyone = hvd.allgather(weights.unsqueeze(0), name="weights")  # one row per rank
print("first weights:", [round(v, 4) for v in weights[:4].tolist()], f"sum of all: {weights.sum():.4f}")
print("same weights on every rank:", all(torch.equal(row, weights) for row in everyone))
hvd.shutdown()
