# record: cuda
"""The complete fp16 loop: autocast, scale, unscale_ before clipping, step, update; then save and resume."""

import io

import torch
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
torch.manual_seed(0)
x = torch.randn(512, 20, device=device)
y = (x[:, 0] * x[:, 1] > 0).long()  # a rule a small MLP can learn


def make():
    model = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 2)).to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2)
    return model, optimizer, torch.amp.GradScaler(device.type)  # GradScaler("cpu") exists too


def grad_norm(model) -> float:
    return torch.linalg.vector_norm(torch.stack([p.grad.norm() for p in model.parameters()])).item()


def train_step(model, optimizer, scaler, show=False):
    optimizer.zero_grad(set_to_none=True)
    with torch.autocast(device.type, dtype=torch.float16):
        logits = model(x)  # linear layers run in fp16
        loss = nn.functional.cross_entropy(logits, y)  # autocast runs the loss in fp32
    scaler.scale(loss).backward()  # every gradient is now scale times too large
    if show:
        print(f"dtypes: logits {logits.dtype}, loss {loss.dtype}, grad {model[0].weight.grad.dtype}")
        print(f"grad norm of the scaled gradients: {grad_norm(model):.1f}")
    scaler.unscale_(optimizer)  # divide them back, in place, before anything reads them
    norm = nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)  # so this sees the true norm
    scaler.step(optimizer)  # knows the grads are unscaled already; skips the step on inf/NaN
    scaler.update()
    return loss.item(), norm.item()


model, optimizer, scaler = make()
for step in range(1, 41):
    loss, norm = train_step(model, optimizer, scaler, show=step == 1)
    if step in (1, 10, 20, 30, 40):
        print(f"step {step:>2}: loss {loss:.4f}  true grad norm {norm:.4f}  scale {scaler.get_scale():.0f}")

# A checkpoint holds the scaler too: its scale and growth tracker are part of the training state.
buffer = io.BytesIO()  # a file on disk in real training
state = {"model": model.state_dict(), "optimizer": optimizer.state_dict(), "scaler": scaler.state_dict()}
torch.save(state, buffer)
buffer.seek(0)
checkpoint = torch.load(buffer, weights_only=True)
model2, optimizer2, scaler2 = make()
model2.load_state_dict(checkpoint["model"])
optimizer2.load_state_dict(checkpoint["optimizer"])
scaler2.load_state_dict(checkpoint["scaler"])
print("restored scaler state:", scaler2.state_dict())
# One more step from the original and from the restored copy: the same numbers.
print("next step, original:", train_step(model, optimizer, scaler))
print("next step, resumed: ", train_step(model2, optimizer2, scaler2))
