# figure: activations.png
"""Activation layers apply one function element by element: same shape out as in, no parameters."""

import torch
from matplotlib.figure import Figure
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

x = torch.tensor([-2.0, -0.5, 0.0, 0.5, 2.0], device=device)
layers = {
    "Sigmoid": nn.Sigmoid(),  # 1 / (1 + exp(-x)), squashes into (0, 1)
    "Tanh": nn.Tanh(),  # squashes into (-1, 1), zero-centred
    "ReLU": nn.ReLU(),  # max(0, x)
    "LeakyReLU(0.1)": nn.LeakyReLU(negative_slope=0.1),  # x if x > 0 else 0.1 * x
}
print(f"{'x':<16}", "  ".join(f"{v:7.4f}" for v in x.tolist()))
results = {}
for name, layer in layers.items():
    results[name] = layer(x)
    print(f"{name:<16}", "  ".join(f"{v:7.4f}" for v in results[name].tolist()))

# LeakyReLU's default slope is 0.01, not 0.1.
print("LeakyReLU() default negative_slope:", nn.LeakyReLU().negative_slope)

# Each module is a thin wrapper around a function; torch.sigmoid / F.relu give the same numbers.
print("Sigmoid == torch.sigmoid:", torch.equal(results["Sigmoid"], torch.sigmoid(x)))
print("ReLU == torch.relu:", torch.equal(results["ReLU"], torch.relu(x)))

# Element-wise: any shape passes through unchanged, and there is nothing to train.
batch = torch.zeros(4, 8, 32, 32, device=device)
for name, layer in layers.items():
    n_params = sum(p.numel() for p in layer.parameters())
    print(f"{name:<16} {tuple(batch.shape)} -> {tuple(layer(batch).shape)}  parameters: {n_params}")

# Gradients differ where it matters: ReLU passes 0 for negative inputs, LeakyReLU passes the slope.
for name in ("ReLU", "LeakyReLU(0.1)"):
    probe = torch.tensor([-2.0, 2.0], device=device, requires_grad=True)
    layers[name](probe).sum().backward()
    print(f"{name} gradient at -2 and 2:", [round(g, 4) for g in probe.grad.tolist()])

# Each function and its derivative (by autograd) on a grid, drawn side by side.
grid = torch.linspace(-4, 4, 161, requires_grad=True)
curves, slopes = {}, {}
for name, layer in layers.items():
    curves[name] = layer(grid)
    curves[name].sum().backward()  # each output depends on its own input only, so grid.grad is f'(x)
    slopes[name] = grid.grad
    grid.grad = None  # the next function starts from no gradient instead of adding to this one
left, right = Figure(figsize=(8, 3.2), layout="constrained").subplots(1, 2)
for name in layers:
    left.plot(grid.tolist(), curves[name].tolist(), label=name)
    right.plot(grid.tolist(), slopes[name].tolist(), label=name)
left.set(title="f(x)", xlabel="x")
right.set(title="df/dx (autograd)", xlabel="x")
left.legend(fontsize="small")
left.figure.savefig("activations.png", dpi=100, metadata={"Software": None})
