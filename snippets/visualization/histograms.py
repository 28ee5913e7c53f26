"""Watch weights and gradients change over training with add_histogram, then read the summaries back."""

import torch
from tensorboard.backend.event_processing.event_accumulator import HISTOGRAMS, EventAccumulator
from tensorboardX import SummaryWriter
from torch import nn

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"
x = torch.randn(256, 20)
y = (x[:, :5].sum(dim=1, keepdim=True) > 0).float()  # only the first 5 inputs matter
x, y = x.to(device), y.to(device)

model = nn.Linear(20, 1).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.5)
loss_fn = nn.BCEWithLogitsLoss()

with SummaryWriter("runs/histograms") as writer:
    for step in range(50):
        loss = loss_fn(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        if step % 10 == 0:  # histograms are big: log them now and then, not every step
            writer.add_histogram("linear/weight", model.weight, step)  # tensors may stay on the GPU
            writer.add_histogram("linear/weight.grad", model.weight.grad, step)
        optimizer.step()

acc = EventAccumulator("runs/histograms", size_guidance={HISTOGRAMS: 0}).Reload()
print("histogram tags:", acc.Tags()["histograms"])
for event in acc.Histograms("linear/weight"):
    h = event.histogram_value  # what TensorBoard draws: min, max, count, sum and the buckets
    print(f"step {event.step:2d}: n={h.num:.0f} min={h.min:+.3f} max={h.max:+.3f} sum={h.sum:+.3f}")
last = acc.Histograms("linear/weight.grad")[-1].histogram_value
print(f"grad at step 40: min={last.min:+.4f} max={last.max:+.4f}")
w = model.weight.detach().cpu()[0]
print("first 5 weights:", [round(v, 2) for v in w[:5].tolist()])
print("largest of the other 15:", round(w[5:].abs().max().item(), 2))
