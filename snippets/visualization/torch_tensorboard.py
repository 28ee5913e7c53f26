"""torch.utils.tensorboard: the SummaryWriter built into PyTorch, the same calls and the same event files."""

import tensorboardX
import torch
from tensorboard.backend.event_processing.event_accumulator import IMAGES, EventAccumulator
from torch.utils.tensorboard import SummaryWriter  # needs the tensorboard package; tensorboardX does not
from torchvision.utils import make_grid

torch.manual_seed(0)
device = "cuda" if torch.cuda.is_available() else "cpu"
w = torch.zeros(1, device=device, requires_grad=True)

with SummaryWriter("runs/builtin") as writer:  # same constructor, same add_* methods
    for step in range(5):
        loss = (w - 3).pow(2).sum()
        loss.backward()
        with torch.no_grad():
            w -= 0.2 * w.grad
            w.grad.zero_()
        writer.add_scalar("train/loss", loss.item(), step)
    writer.add_image("samples", make_grid(torch.rand(4, 3, 8, 8), nrow=2), 0)
    writer.add_histogram("w", w, 0)

acc = EventAccumulator("runs/builtin", size_guidance={IMAGES: 0}).Reload()
print("tags:", {kind: acc.Tags()[kind] for kind in ("scalars", "images", "histograms")})
print("loss:", [(e.step, round(e.value, 4)) for e in acc.Scalars("train/loss")])
image = acc.Images("samples")[0]
print(f"image: {image.width}x{image.height}")

# The two writers' add_* methods: nearly the same list.
builtin = {m for m in dir(SummaryWriter) if m.startswith("add_")}
tbx = {m for m in dir(tensorboardX.SummaryWriter) if m.startswith("add_")}
print("add_* methods in both:", len(builtin & tbx))
print("only in torch.utils.tensorboard:", sorted(builtin - tbx))
print("only in tensorboardX:", sorted(tbx - builtin))
