"""Exercise: CrossEntropyLoss with padding (ignore_index) and class weights; both change the divisor."""

import torch
import torch.nn.functional as F
from torch import nn

# Four tokens of a tagged sequence, three classes; the last token is padding, labelled -100.
logits = torch.tensor([[2.0, 0.5, -1.0], [0.1, 1.5, 0.3], [0.2, 0.2, 2.2], [1.0, 1.0, 1.0]])
labels = torch.tensor([0, 1, 2, -100])
per_token = -F.log_softmax(logits, dim=1)  # row i, column c: the loss of token i if its class were c
real = labels != -100
token_losses = per_token[real.nonzero().squeeze(1), labels[real]]
print("losses of the real tokens:", [round(v, 4) for v in token_losses.tolist()])

ce = nn.CrossEntropyLoss()(logits, labels)  # ignore_index=-100 is the default
print(f"ignore_index: {ce.item():.4f} | mean of the 3 real tokens: {token_losses.mean().item():.4f}")

# Padding labelled 0 instead: it counts as a real token of class 0, and the divisor becomes 4.
padded_as_zero = nn.CrossEntropyLoss()(logits, labels.clamp(min=0))
by_hand = (token_losses.sum() + per_token[3, 0]) / 4
print(f"padding labelled 0: {padded_as_zero.item():.4f} | by hand: {by_hand:.4f}")

# Class weights: each token's loss times its class's weight, divided by the sum of those weights.
weight = torch.tensor([1.0, 2.0, 0.5])
weighted = nn.CrossEntropyLoss(weight=weight)(logits, labels)
w = weight[labels[real]]
weighted_mean = (w * token_losses).sum() / w.sum()
print(f"weight=[1, 2, 0.5]: {weighted.item():.4f} | sum(w*loss)/sum(w): {weighted_mean:.4f}")
print(f"mean(w*loss), the wrong divisor: {(w * token_losses).mean().item():.4f}")
