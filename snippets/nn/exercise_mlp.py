"""Exercise: an MLP built from a list of sizes; nn.ModuleList registers its layers, model.apply inits them."""

import itertools
import math

import torch
from torch import nn

torch.manual_seed(0)


class MLP(nn.Module):
    def __init__(self, sizes: list[int], module_list: bool = True):
        super().__init__()
        layers = [nn.Linear(a, b) for a, b in itertools.pairwise(sizes)]
        self.layers = nn.ModuleList(layers) if module_list else layers  # a plain list registers nothing

    def forward(self, x):
        for layer in self.layers[:-1]:
            x = torch.relu(layer(x))
        return self.layers[-1](x)


def count(model: nn.Module) -> int:
    return sum(p.numel() for p in model.parameters())


sizes = [4, 8, 8, 2]
good, bad = MLP(sizes), MLP(sizes, module_list=False)
by_formula = sum(a * b + b for a, b in itertools.pairwise(sizes))  # in*out weights + out biases per layer
print("parameters by formula:", by_formula, "| ModuleList:", count(good), "| plain list:", count(bad))
print("ModuleList parameter names:", [name for name, _ in good.named_parameters()])
print("plain list parameter names:", [name for name, _ in bad.named_parameters()])
x = torch.randn(5, 4)
print("output shapes:", tuple(good(x).shape), tuple(bad(x).shape), "<- both run; only one can learn")


def init(module: nn.Module) -> None:
    if isinstance(module, nn.Linear):
        nn.init.xavier_uniform_(module.weight)
        nn.init.zeros_(module.bias)


good.apply(init)  # visits every submodule, the MLP itself included
for i, layer in enumerate(good.layers):
    bound = math.sqrt(6 / (layer.in_features + layer.out_features))
    largest, zero = layer.weight.abs().max().item(), not layer.bias.any()
    print(f"layers.{i}: xavier bound {bound:.4f} | largest |w| {largest:.4f} | biases zero: {zero}")
