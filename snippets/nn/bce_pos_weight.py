"""BCEWithLogitsLoss: a sigmoid per output for yes/no targets; pos_weight makes rare positives count more."""

import torch
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# Binary: one logit per sample, the target is 1.0 (yes) or 0.0 (no), a float of the same shape.
logits = torch.tensor([1.0, -1.0, 0.5, -2.0], device=device)
targets = torch.tensor([1.0, 0.0, 0.0, 0.0], device=device)  # 1 positive, 3 negatives
plain = nn.BCEWithLogitsLoss()(logits, targets)
print(f"binary, no pos_weight:   {plain.item():.6f}")

# pos_weight = negatives / positives: the one positive weighs as much as the three negatives together.
pos_weight = torch.tensor([3.0], device=device)
weighted = nn.BCEWithLogitsLoss(pos_weight=pos_weight)(logits, targets)
print(f"binary, pos_weight=3:    {weighted.item():.6f}")

# By hand: -(pos_weight * y * log(p) + (1 - y) * log(1 - p)) with p = sigmoid(logit), then the mean.
p = torch.sigmoid(logits)
by_hand = -(3.0 * targets * torch.log(p) + (1 - targets) * torch.log(1 - p)).mean()
print(f"by hand:                 {by_hand.item():.6f}")

# Multi-label: each sample may carry several labels at once (say: cat, dog, car), one logit per label.
logits = torch.tensor([[2.0, -1.0, 0.0], [-0.5, 1.5, -3.0], [1.0, 0.5, -1.0], [-2.0, -1.0, 2.5]])
logits = logits.to(device)
# 4 samples, 3 labels: label 0 is on in 1 sample, label 1 in 2, label 2 in 3.
targets = torch.tensor([[1.0, 1.0, 1.0], [0.0, 1.0, 1.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]])
targets = targets.to(device)
positives = targets.sum(dim=0)  # per label, over the batch (in practice: over the training set)
negatives = len(targets) - positives
pos_weight = negatives / positives  # one weight per label, broadcast along the last dimension
print("positives per label:", positives.tolist(), "| pos_weight:", pos_weight.cpu())
per_element = nn.BCEWithLogitsLoss(pos_weight=pos_weight, reduction="none")(logits, targets)
unweighted = nn.BCEWithLogitsLoss(reduction="none")(logits, targets)
ratio = per_element / unweighted  # pos_weight multiplies only the terms whose target is 1
print("weighted / unweighted loss of each element:")
print(ratio.cpu())
print(f"multi-label, pos_weight: {per_element.mean().item():.6f}")

# Mistakes: pos_weight must be a tensor, and targets must be floats.
try:
    nn.BCEWithLogitsLoss(pos_weight=3.0)
except TypeError as err:
    print("TypeError:", err)
try:
    nn.BCEWithLogitsLoss()(logits, targets.long())
except RuntimeError as err:
    print("RuntimeError:", err)
