"""Exercise: every distance between two point sets by broadcasting, with no Python loop."""

import torch

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
a = torch.randn(4, 3).to(device)  # 4 points in 3-D (drawn on the CPU: the same points on any device)
b = torch.randn(5, 3).to(device)  # 5 points

# (4, 3) - (5, 3) does not broadcast: trailing dims 3 and 3 match, but 4 against 5 is neither equal nor 1.
try:
    a - b
except RuntimeError as err:
    print("a - b:", err)

# New size-1 axes line the two sets up: (4, 1, 3) - (1, 5, 3) -> (4, 5, 3), one difference per pair.
diff = a[:, None, :] - b[None, :, :]
dist = diff.pow(2).sum(dim=-1).sqrt()  # (4, 5): dist[i, j] = |a[i] - b[j]|
print("device:", device.type)
print("shapes:", tuple(a[:, None, :].shape), "-", tuple(b[None, :, :].shape), "->", tuple(diff.shape))
print("distance matrix shape:", tuple(dist.shape))

# Check against the double loop it replaces, and against the library function.
loop = torch.zeros(4, 5, device=device)  # filled in below, one pair at a time
for i in range(4):
    for j in range(5):
        loop[i, j] = (a[i] - b[j]).norm()
print("same as the double loop:", torch.allclose(dist, loop))
print("same as torch.cdist:", torch.allclose(dist, torch.cdist(a, b)))
nearest = dist.argmin(dim=1)
print("nearest point of b for each point of a:", nearest.tolist())
