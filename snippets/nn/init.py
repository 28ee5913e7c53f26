"""nn.Linear draws weight and bias from U(-1/sqrt(in), 1/sqrt(in)); nn.init sets them explicitly."""

import math

import torch
from torch import nn

torch.manual_seed(0)
layer = nn.Linear(in_features=256, out_features=64)
bound = 1 / math.sqrt(layer.in_features)
print("1/sqrt(in_features):", bound)
for name, p in layer.named_parameters():
    print(f"default {name:<6} min {p.min().item():+.4f}  max {p.max().item():+.4f}")

# The default is kaiming_uniform_(a=sqrt(5)): its bound gain * sqrt(3 / fan_in) is exactly 1/sqrt(fan_in).
gain = nn.init.calculate_gain("leaky_relu", math.sqrt(5))
print("kaiming_uniform_ bound with a=sqrt(5):", round(gain * math.sqrt(3 / 256), 6))
torch.manual_seed(0)  # the same draws again, through nn.init
weight = nn.init.kaiming_uniform_(torch.empty(64, 256), a=math.sqrt(5))
print("same weight as the layer's default:", torch.equal(weight, layer.weight))

# Explicit initialization: in place, under no_grad, so it works on parameters.
nn.init.xavier_uniform_(layer.weight)  # U(-b, b) with b = sqrt(6 / (fan_in + fan_out))
nn.init.zeros_(layer.bias)
xavier_bound = math.sqrt(6 / (256 + 64))
print("xavier bound:", round(xavier_bound, 6), "| max |w|:", round(layer.weight.abs().max().item(), 6))
print("bias after zeros_:", layer.bias.abs().sum().item(), "| requires_grad:", layer.bias.requires_grad)


# For a whole model, write the rule once and let apply() visit every submodule.
def init_weights(module):
    if isinstance(module, nn.Linear):
        nn.init.kaiming_normal_(module.weight, nonlinearity="relu")  # std = sqrt(2 / fan_in)
        nn.init.zeros_(module.bias)


model = nn.Sequential(nn.Linear(1024, 512), nn.ReLU(), nn.Linear(512, 10))
model.apply(init_weights)
for name, p in model.named_parameters():
    if name.endswith("weight"):
        expected = math.sqrt(2 / p.shape[1])
        print(f"{name} std {p.std().item():.4f} (sqrt(2/fan_in) = {expected:.4f})")
