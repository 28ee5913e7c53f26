# record: cuda
"""apex's opt levels done natively: O0 is plain fp32, O1 is autocast + GradScaler, O3 is model.half()."""

import torch
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
x = torch.randn(32, 8, device=device)
y = torch.randint(0, 2, (32,), device=device)


def fresh_model() -> nn.Module:
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(8, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Linear(16, 2)).to(device)


def report(level: str, model: nn.Module, logits: torch.Tensor, loss: torch.Tensor) -> None:
    kinds = f"weights {model[0].weight.dtype}, logits {logits.dtype}, loss {loss.dtype}"
    print(f"{level}: {kinds}, grad {model[0].weight.grad.dtype}")


# O0: nothing to initialize; fp32 is the default.
model = fresh_model()
logits = model(x)
loss = nn.functional.cross_entropy(logits, y)
loss.backward()
report("O0 -> plain fp32", model, logits, loss)

# O1 (and O2, which apex users picked for speed): autocast plus GradScaler; the weights stay fp32.
model = fresh_model()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler(device.type)
with torch.autocast(device.type, dtype=torch.float16):
    logits = model(x)
    loss = nn.functional.cross_entropy(logits, y)
scaler.scale(loss).backward()  # replaces `with amp.scale_loss(loss, optimizer) as scaled_loss:`
scaler.step(optimizer)
scaler.update()
report("O1 -> autocast + GradScaler", model, logits, loss)

# O3: everything in fp16, weights included. There are no fp32 master weights, so GradScaler refuses.
model = fresh_model().half()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
logits = model(x.half())
loss = nn.functional.cross_entropy(logits, y)
scaler.scale(loss).backward()
report("O3 -> model.half()", model, logits, loss)
try:
    scaler.unscale_(optimizer)
except ValueError as err:
    print("GradScaler with fp16 weights: ValueError:", err)
