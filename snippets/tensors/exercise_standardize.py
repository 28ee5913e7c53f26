"""Exercise: standardize every column of a data table to mean 0 and standard deviation 1."""

import torch

torch.manual_seed(0)
# 6 people, 3 columns in very different units: height (cm), weight (kg), age (years).
heights = 170 + 10 * torch.randn(6, 1)
weights = 65 + 12 * torch.randn(6, 1)
ages = 30 + 8 * torch.randn(6, 1)
data = torch.cat([heights, weights, ages], dim=1)  # (6, 3)
print("data:", tuple(data.shape))
print(data)

# One mean and one standard deviation per column: reduce over the rows, dim 0.
# keepdim=True leaves shape (1, 3), which lines up with the (6, 3) table.
mean = data.mean(dim=0, keepdim=True)
std = data.std(dim=0, keepdim=True)
print("mean:", tuple(mean.shape), "| std:", tuple(std.shape))
standardized = (data - mean) / std
print(standardized)

# Check: every column now has mean 0 and standard deviation 1 (up to rounding).
print("column means 0:", torch.allclose(standardized.mean(dim=0), torch.zeros(3), atol=1e-6))
print("column stds 1:", torch.allclose(standardized.std(dim=0), torch.ones(3)))

# dim=1 would average each person's cm, kg and years together: one meaningless number per row.
print("data.mean(dim=1):", tuple(data.mean(dim=1).shape))
