"""Exercise: a linear classifier's accuracy by hand, with @, argmax, a comparison and a mean."""

import torch

torch.manual_seed(0)
x = torch.randn(8, 4)  # 8 samples with 4 features each
true_w = torch.randn(4, 3)  # the weights that made the labels: 3 classes
labels = (x @ true_w).argmax(dim=1)  # the class of each sample
w = true_w + 0.5 * torch.randn(4, 3)  # a model whose weights are a little off

# Scores: (8, 4) @ (4, 3) -> (8, 3), one score per sample and class.
scores = x @ w
print("scores:", tuple(scores.shape))

# The predicted class is the column of the largest score in each row.
predicted = scores.argmax(dim=1)
print("labels:   ", labels.tolist())
print("predicted:", predicted.tolist())

# Compare element by element, then the mean of the mask (as floats) is the accuracy.
correct = predicted == labels
accuracy = correct.float().mean().item()
print("correct:", correct.sum().item(), "of", len(labels), "| accuracy:", accuracy)

# Which samples are wrong: the positions where the mask is False.
wrong = torch.arange(len(labels))[~correct]
print("wrong samples:", wrong.tolist())
