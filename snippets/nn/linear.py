"""nn.Linear maps the last dimension in -> out; nn.Bilinear combines two inputs through one weight tensor."""

import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

linear = nn.Linear(in_features=4, out_features=3).to(device)
bilinear = nn.Bilinear(in1_features=4, in2_features=5, out_features=2).to(device)

# Linear acts on the last dimension only; any leading dimensions are treated as batch.
x = torch.randn(8, 4, device=device)
x_seq = torch.randn(8, 10, 4, device=device)
x2 = torch.randn(8, 5, device=device)
rows = [
    ("Linear(4, 3)", (x,), linear(x)),
    ("Linear(4, 3) on a sequence", (x_seq,), linear(x_seq)),
    ("Bilinear(4, 5, 2)", (x, x2), bilinear(x, x2)),
]
print(f"{'layer':<28} {'input shape(s)':<24} output shape")
for name, inputs, output in rows:
    shapes = " & ".join(str(tuple(t.shape)) for t in inputs)
    print(f"{name:<28} {shapes:<24} {tuple(output.shape)}")

# The weight is stored as (out, in), so the layer computes x @ W.T + b.
print("Linear weight", tuple(linear.weight.shape), "| bias", tuple(linear.bias.shape))
by_hand = x @ linear.weight.T + linear.bias
print("linear(x) == x @ W.T + b:", torch.allclose(linear(x), by_hand))

# Bilinear: y[k] = x1 @ W[k] @ x2 + b[k], one (in1, in2) matrix per output feature.
print("Bilinear weight", tuple(bilinear.weight.shape), "| bias", tuple(bilinear.bias.shape))
bilinear_by_hand = torch.einsum("ni,kij,nj->nk", x, bilinear.weight, x2) + bilinear.bias
print("bilinear(x, x2) == einsum by hand:", torch.allclose(bilinear(x, x2), bilinear_by_hand, atol=1e-6))

# Parameter counts: Linear 4*3 + 3, Bilinear 4*5*2 + 2.
for name, layer in [("Linear", linear), ("Bilinear", bilinear)]:
    print(f"{name} parameters: {sum(p.numel() for p in layer.parameters())}")

# A mismatched last dimension is the usual error, and it names both shapes.
try:
    linear(torch.randn(8, 5, device=device))
except RuntimeError as err:
    print("RuntimeError:", err)
