"""Dropout(p) zeroes each element with probability p in train mode and scales survivors by 1/(1-p)."""

import torch
from torch import nn
from torch.nn import functional as F

torch.manual_seed(0)
# Small CPU tensors on purpose: the random mask, and so every printed value, is the same on any machine.
x = torch.ones(10)
drop = nn.Dropout(p=0.8)  # p = probability of ZEROING an element, not of keeping it

print("new module, training:", drop.training)
y = drop(x)
print("train mode:", y.tolist())
print("zeroed:", int((y == 0).sum()), "of 10 | survivors scaled to 1 / (1 - 0.8):", y[y != 0].tolist())

# Over many elements about 80% are zeroed and the mean stays about 1: scaling keeps the expected value.
big = drop(torch.ones(100_000))
print("zeroed fraction:", round((big == 0).float().mean().item(), 4), "| mean:", round(big.mean().item(), 4))

# eval() switches the module to the identity: nothing zeroed, nothing scaled.
same = drop.eval()
print("eval() returns the module itself:", same is drop, "| training:", drop.training)
print("eval mode: ", drop(x).tolist())

# train()/eval() set the flag on every submodule; eval() is train(False).
model = nn.Sequential(nn.Linear(10, 10), nn.Sequential(nn.Dropout(0.5)))
model.train(False)
print("after model.train(False):", [m.training for m in model.modules()])
model.train()
print("after model.train():     ", [m.training for m in model.modules()])


# F.dropout does not read any module flag: its training argument defaults to True.
class Sloppy(nn.Module):
    def forward(self, inputs):
        return F.dropout(inputs, p=0.8)  # still drops after .eval()


class Careful(nn.Module):
    def forward(self, inputs):
        return F.dropout(inputs, p=0.8, training=self.training)


torch.manual_seed(0)
print("Sloppy().eval(): ", Sloppy().eval()(x).tolist())
print("Careful().eval():", Careful().eval()(x).tolist())
