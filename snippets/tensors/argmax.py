"""argmax gives the position of the largest value, along a dim; max(dim) gives the values and positions."""

import torch

# Scores of 3 samples (rows) for 4 classes (columns), as a classifier would output them.
scores = torch.tensor(
    [
        [0.5, 2.5, -1.0, 0.25],
        [1.25, 0.0, 0.75, 3.0],
        [2.0, -0.5, 0.5, 1.5],
    ]
)

# Along dim 1: for each row, the column of its largest score, i.e. the predicted class.
predicted = scores.argmax(dim=1)
print("scores.argmax(dim=1):", predicted.tolist(), "| shape", tuple(predicted.shape), predicted.dtype)

# Along dim 0: for each column, the row where it is largest.
print("scores.argmax(dim=0):", scores.argmax(dim=0).tolist())

# With no dim, the position in the flattened tensor: row 1, column 3 is position 1 * 4 + 3 = 7.
print("scores.argmax():", scores.argmax().item())

# max(dim=...) returns both: the largest values and where they are.
best = scores.max(dim=1)
print("scores.max(dim=1).values:", best.values.tolist())
print("scores.max(dim=1).indices:", best.indices.tolist())

# A tie goes to the first position.
print("argmax of [3, 7, 7, 1]:", torch.tensor([3, 7, 7, 1]).argmax().item())

# keepdim works here too: one column of positions, (3, 1), for a (3, 4) tensor.
print("scores.argmax(dim=1, keepdim=True):", tuple(scores.argmax(dim=1, keepdim=True).shape))
