# record: cuda
"""bf16 has fp32's exponent range: the gradient fp16 loses arrives intact, so bf16 needs no scaler."""

import torch
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# The 1e-8 gradient of the loss-scaling example, unscaled: lost in fp16, kept (to 3 digits) in bf16.
arrived = {}
for dtype in (torch.float16, torch.bfloat16):
    h = torch.ones(1, dtype=dtype, device=device, requires_grad=True)
    loss = (h * torch.tensor(1e-4, dtype=dtype, device=device)).float().sum() * 1e-4
    loss.backward()
    arrived[dtype] = h.grad.item()
    print(f"{str(dtype).removeprefix('torch.'):<9} the 1e-08 gradient arrives as {h.grad.item():.4g}")

# One loop for both dtypes: for bf16 the scaler is off and its calls pass everything through.
torch.manual_seed(0)
dtype = torch.bfloat16
x = torch.randn(512, 20, device=device)
y = (x[:, 0] * x[:, 1] > 0).long()
model = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 2)).to(device)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2)
scaler = torch.amp.GradScaler(device.type, enabled=dtype == torch.float16)
print("scaler enabled:", scaler.is_enabled())

losses = []
for step in range(1, 41):
    optimizer.zero_grad(set_to_none=True)
    with torch.autocast(device.type, dtype=dtype):
        logits = model(x)
        loss = nn.functional.cross_entropy(logits, y)
    scaled = scaler.scale(loss)
    scaled.backward()
    scaler.step(optimizer)  # a plain optimizer.step() when the scaler is off
    scaler.update()
    losses.append(loss.item())
    if step in (1, 10, 20, 30, 40):
        print(f"step {step:>2}: loss {loss.item():.4f}")

print("scale(loss) returned the loss itself:", scaled is loss)
print(f"dtypes: logits {logits.dtype}, loss {loss.dtype}, weight {model[0].weight.dtype}")
