# run: horovodrun -np 2 -H localhost:2 --gloo python snippets/horovod/optimizer_state.py
"""broadcast_optimizer_state on a fresh optimizer takes one step with zero gradients to create the state."""

import horovod.torch as hvd
import torch
from torch import nn

hvd.init()
torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.AdamW(model.parameters(), lr=0.01, weight_decay=0.1)
optimizer = hvd.DistributedOptimizer(optimizer, named_parameters=model.named_parameters())
hvd.broadcast_parameters(model.state_dict(), root_rank=0)

before = model.weight.detach().clone()
print("state entries before:", len(optimizer.state))
hvd.broadcast_optimizer_state(optimizer, root_rank=0)
state = optimizer.state[model.weight]
print("state entries after: ", len(optimizer.state))
print("Adam's step counter: ", state["step"].item())  # the first real step will be step 2
print("moments all zero:    ", bool((state["exp_avg"] == 0).all() and (state["exp_avg_sq"] == 0).all()))
# AdamW decays the weights even when the gradient is zero: lr * weight_decay = 0.001.
print("weight after / before:", [round(v, 6) for v in (model.weight / before).flatten().tolist()])
hvd.shutdown()
