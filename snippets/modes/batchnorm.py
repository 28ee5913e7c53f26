"""BatchNorm uses the batch's statistics in train mode and its running statistics in eval mode."""

import torch
from torch import nn

# Two features, four samples; small exact numbers so every printed value can be checked by hand.
x = torch.tensor([[1.0, 10.0], [3.0, 10.0], [5.0, 14.0], [7.0, 14.0]])
print("batch mean:", x.mean(0).tolist(), "| biased var:", x.var(0, correction=0).tolist())
print("unbiased var:", [round(v, 4) for v in x.var(0).tolist()])

bn = nn.BatchNorm1d(2)  # momentum=0.1, eps=1e-5; weight 1 and bias 0 at the start
print("start: running_mean", bn.running_mean.tolist(), "| running_var", bn.running_var.tolist())

# Train mode: normalise with this batch's mean and biased variance...
y = bn(x)
print("train output, column 0:", [round(v, 4) for v in y[:, 0].tolist()])
# ...and move the running statistics 10% of the way towards the batch's (unbiased variance here).
print("after 1 train step: running_mean", [round(v, 4) for v in bn.running_mean.tolist()])
print("                    running_var ", [round(v, 4) for v in bn.running_var.tolist()])
print("num_batches_tracked:", int(bn.num_batches_tracked))

# Eval mode: normalise with the running statistics, and update nothing.
bn.eval()
running_before = bn.running_mean.clone()
y_eval = bn(x)
print("eval output, column 0:", [round(v, 4) for v in y_eval[:, 0].tolist()])
print("running_mean unchanged in eval:", torch.equal(bn.running_mean, running_before))

# One sample per batch is fine in eval mode; in train mode there is no batch variance to use.
print("eval, batch of 1:", [round(v, 4) for v in bn(x[:1]).flatten().tolist()])
try:
    nn.BatchNorm1d(2)(x[:1])  # a fresh module is in train mode
except ValueError as err:
    print("ValueError:", err)

# no_grad does not switch modes: in train mode the running statistics still move.
bn.train()
with torch.no_grad():
    bn(x)
after_no_grad = [round(v, 4) for v in bn.running_mean.tolist()]
tracked = int(bn.num_batches_tracked)
print("after a no_grad pass in train mode: running_mean", after_no_grad, "| num_batches_tracked:", tracked)
