"""scaled_dot_product_attention is softmax(QK^T / sqrt(d)) V; MultiheadAttention adds projections, heads."""

import math

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

# (batch, heads, sequence, head_dim): every leading dimension is batch for SDPA.
q, k, v = (torch.randn(2, 4, 5, 8, device=device) for _ in range(3))
out = F.scaled_dot_product_attention(q, k, v)
scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])  # (2, 4, 5, 5)
by_hand = torch.softmax(scores, dim=-1) @ v
print("SDPA", tuple(q.shape), "->", tuple(out.shape))
print("SDPA == softmax(QK^T / sqrt(d)) V by hand:", torch.allclose(out, by_hand, atol=1e-5))

# is_causal=True: position i attends to positions 0..i only (lower triangle, diagonal included).
allowed = torch.ones(5, 5, dtype=torch.bool, device=device).tril()
causal = F.scaled_dot_product_attention(q, k, v, is_causal=True)
causal_by_hand = torch.softmax(scores.masked_fill(~allowed, float("-inf")), dim=-1) @ v
print("is_causal == masked by hand:", torch.allclose(causal, causal_by_hand, atol=1e-5))
print("position 0 sees only itself, output == v[..., 0, :]:", torch.allclose(causal[..., 0, :], v[..., 0, :]))

# nn.MultiheadAttention: projections to Q, K, V, num_heads heads of embed_dim // num_heads, output projection.
mha = nn.MultiheadAttention(embed_dim=16, num_heads=4, batch_first=True).to(device)
x = torch.randn(2, 5, 16, device=device)  # (batch, sequence, embed) with batch_first=True
y, weights = mha(x, x, x)  # self-attention: query, key and value are the same sequence
print("MultiheadAttention", tuple(x.shape), "->", tuple(y.shape), "| weights", tuple(weights.shape))
_, per_head = mha(x, x, x, average_attn_weights=False)
rows_sum_to_1 = torch.allclose(per_head.sum(-1), torch.ones(2, 4, 5, device=device))
print("weights per head:", tuple(per_head.shape), "| rows sum to 1:", rows_sum_to_1)
n_params = sum(p.numel() for p in mha.parameters())  # in_proj 48*16 + 48, out_proj 16*16 + 16
print("in_proj_weight", tuple(mha.in_proj_weight.shape), "| parameters:", n_params)

# A boolean attn_mask means the opposite here: True marks what may NOT be attended to.
blocked = ~allowed  # True above the diagonal
_, masked = mha(x, x, x, attn_mask=blocked)
print("MHA with attn_mask=~allowed: weights above the diagonal", masked[:, blocked].abs().max().item())
sdpa_masked = F.scaled_dot_product_attention(q, k, v, attn_mask=allowed)  # SDPA: True = may attend
print("SDPA with attn_mask=allowed == is_causal:", torch.allclose(sdpa_masked, causal, atol=1e-5))
