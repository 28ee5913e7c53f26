"""MSELoss for regression; CrossEntropyLoss for classes, which is log_softmax followed by NLLLoss."""

import torch
import torch.nn.functional as F
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# MSELoss: mean of squared differences; reduction="sum" adds them up instead.
prediction = torch.tensor([2.5, 0.0, 2.0], device=device)
target = torch.tensor([3.0, -0.5, 2.0], device=device)
mse = nn.MSELoss()(prediction, target)  # (0.25 + 0.25 + 0) / 3
mse_sum = nn.MSELoss(reduction="sum")(prediction, target)
print(f"MSELoss (mean): {mse.item():.6f} | MSELoss (sum): {mse_sum.item():.6f}")

# Classification: raw scores (logits) of shape (batch, classes), targets are class indices (int64).
logits = torch.tensor([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3]], device=device)
labels = torch.tensor([0, 1], device=device)
ce = nn.CrossEntropyLoss()(logits, labels)
nll = nn.NLLLoss()(F.log_softmax(logits, dim=1), labels)
print(f"CrossEntropyLoss(logits)          = {ce.item():.6f}")
print(f"NLLLoss(log_softmax(logits))      = {nll.item():.6f}")
print("equal:", torch.allclose(ce, nll))

# NLLLoss only picks -input[i, label_i] and averages; it does not apply log_softmax for you.
wrong = nn.NLLLoss()(logits, labels)
print(f"NLLLoss(raw logits), a common bug = {wrong.item():.6f}  (= -(2.0 + 2.5) / 2)")

# By hand: -log(softmax probability of the right class), averaged over the batch.
by_hand = -torch.log(torch.softmax(logits, dim=1)[torch.arange(2), labels]).mean()
print("by hand equal:", torch.allclose(ce, by_hand))

# Targets may be class probabilities instead (float, same shape as the logits): -sum(p * log_softmax).
soft = torch.tensor([[0.7, 0.2, 0.1], [0.1, 0.8, 0.1]], device=device)
ce_soft = nn.CrossEntropyLoss()(logits, soft)
print(f"CrossEntropyLoss(probability targets) = {ce_soft.item():.6f}")
# label_smoothing=0.1: the target is 0.9 on the right class plus 0.1 / 3 on every class.
smooth = nn.CrossEntropyLoss(label_smoothing=0.1)(logits, labels)
print(f"CrossEntropyLoss(label_smoothing=0.1) = {smooth.item():.6f}")

# Shapes: per-sample losses with reduction="none"; extra dims go after the class dim.
per_sample = nn.CrossEntropyLoss(reduction="none")(logits, labels)
pixel_logits = torch.zeros(4, 3, 8, 8, device=device)  # segmentation: (batch, classes, H, W)
pixel_labels = torch.zeros(4, 8, 8, dtype=torch.long, device=device)
pixel_loss = nn.CrossEntropyLoss(reduction="none")(pixel_logits, pixel_labels)
print("per-sample losses:", tuple(per_sample.shape), "| per-pixel losses:", tuple(pixel_loss.shape))
print(f"uniform logits over 3 classes give log(3) = {pixel_loss[0, 0, 0].item():.6f}")

# Class-index targets (one per sample) must be integers.
try:
    nn.CrossEntropyLoss()(logits, labels.float())
except RuntimeError as err:
    print("RuntimeError:", err)
