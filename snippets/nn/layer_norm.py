"""LayerNorm normalizes each sample over its last dimensions: no batch statistics, no train/eval gap."""

import torch
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

x = (torch.randn(2, 3, 4) * 3 + 1).to(device)  # (batch, tokens, features)
ln = nn.LayerNorm(4).to(device)  # normalize over the last dimension, of size 4
y = ln(x)
print("LayerNorm(4)", tuple(x.shape), "->", tuple(y.shape))
print("weight", ln.weight.tolist(), "| bias", ln.bias.tolist())

# By hand: mean and biased variance over the last dimension, then the learnable scale and shift.
mean = x.mean(dim=-1, keepdim=True)
var = x.var(dim=-1, unbiased=False, keepdim=True)
by_hand = (x - mean) / torch.sqrt(var + ln.eps) * ln.weight + ln.bias
print("ln(x) == (x - mean) / sqrt(var + eps):", torch.allclose(y, by_hand, atol=1e-6))
print("per-token mean:", round(y.mean(dim=-1).abs().max().item(), 6), "(max |mean|)")
print("per-token std: ", [round(s, 4) for s in y[0].std(dim=-1, unbiased=False).tolist()])

# Each sample is normalized on its own: batch size and train/eval mode change nothing.
print("ln(x[:1]) == ln(x)[:1]:", torch.equal(ln(x[:1]), y[:1]))
ln.eval()
print("same output in eval mode:", torch.equal(ln(x), y), "| buffers:", len(list(ln.buffers())))

# normalized_shape may cover several trailing dimensions; weight and bias take that shape.
ln2 = nn.LayerNorm([3, 4]).to(device)
mean2 = x.mean(dim=(-2, -1), keepdim=True)
var2 = x.var(dim=(-2, -1), unbiased=False, keepdim=True)
by_hand2 = (x - mean2) / torch.sqrt(var2 + ln2.eps)
matches2 = torch.allclose(ln2(x), by_hand2, atol=1e-6)
print("LayerNorm([3, 4]) weight", tuple(ln2.weight.shape), "| matches by hand:", matches2)
