# figure: loss_curve.png
"""The training loop: forward, loss, zero_grad, backward, step, repeated over mini-batches and epochs."""

import torch
from matplotlib.figure import Figure  # draws to a file, no window or GUI backend needed
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# A generated regression problem: y = 3*x0 - 2*x1 + 1 plus a little noise (drawn on the CPU, then moved).
true_w, true_b = torch.tensor([3.0, -2.0]), 1.0
x_all = torch.randn(160, 2)
y_all = (x_all @ true_w + true_b + 0.1 * torch.randn(160)).unsqueeze(1)
x_train, y_train = x_all[:128].to(device), y_all[:128].to(device)  # the last 32 are for testing

model = nn.Linear(2, 1).to(device)
loss_fn = nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
batch_size, epochs = 32, 15
history, batch_losses = [], []
for epoch in range(epochs):
    model.train()  # no effect on a Linear layer, but the habit matters once Dropout/BatchNorm appear
    order = torch.randperm(len(x_train))  # reshuffle every epoch (CPU generator: same on any device)
    running = 0.0
    for start in range(0, len(x_train), batch_size):
        idx = order[start : start + batch_size].to(device)
        prediction = model(x_train[idx])  # 1. forward
        loss = loss_fn(prediction, y_train[idx])  # 2. loss
        optimizer.zero_grad()  # 3. clear the grads left by the previous batch
        loss.backward()  # 4. fill .grad of every parameter
        optimizer.step()  # 5. update the parameters from .grad
        batch_losses.append(loss.item())
        running += loss.item() * len(idx)
    history.append(running / len(x_train))
    if epoch in (0, 1, 2, 5, 10, epochs - 1):
        print(f"epoch {epoch:2d}  train loss {history[-1]:.4f}")
print(f"first batch loss {batch_losses[0]:.4f} | last batch loss {batch_losses[-1]:.4f}")

model.eval()  # evaluate without building a graph
with torch.no_grad():
    test_loss = loss_fn(model(x_all[128:].to(device)), y_all[128:].to(device)).item()
print(f"test loss {test_loss:.4f}")
learned = [round(v, 2) for v in model.weight.flatten().tolist()]
print("learned weight", learned, "bias", round(model.bias.item(), 2), "| true weight [3.0, -2.0] bias 1.0")

# Yardsticks on the 128 training points: the true parameters, and the least-squares fit (no line does better).
x_ones = torch.cat([x_all[:128], torch.ones(128, 1)], dim=1)
best = torch.linalg.lstsq(x_ones, y_all[:128]).solution
truth_mse = ((x_all[:128] @ true_w + true_b - y_all[:128, 0]) ** 2).mean().item()
best_mse = ((x_ones @ best - y_all[:128]) ** 2).mean().item()
print(f"train MSE of the true parameters {truth_mse:.4f} | of the least-squares fit {best_mse:.4f}")
fig = Figure(figsize=(6.4, 3.6), layout="constrained")  # this run: every batch, each epoch, the floor
ax = fig.subplots()
ax.plot(range(1, len(batch_losses) + 1), batch_losses, lw=1, label="train loss per batch")
ax.plot(range(4, len(batch_losses) + 1, 4), history, "o-", label="train loss per epoch")  # 4 batches an epoch
ax.axhline(best_mse, color="gray", ls="--", label="least-squares fit")
ax.set(yscale="log", xlabel="step", ylabel="MSE")
ax.legend()
fig.savefig("loss_curve.png", dpi=100, metadata={"Software": None})
