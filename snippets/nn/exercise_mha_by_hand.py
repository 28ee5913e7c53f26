"""Exercise: rebuild causal nn.MultiheadAttention from its own weights with F.linear and SDPA."""

import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
embed_dim, num_heads, seq_len, batch = 16, 4, 5, 2
head_dim = embed_dim // num_heads

mha = nn.MultiheadAttention(embed_dim, num_heads, batch_first=True).to(device)
x = torch.randn(batch, seq_len, embed_dim, device=device)
allowed = torch.ones(seq_len, seq_len, dtype=torch.bool, device=device).tril()
# MHA's boolean mask marks what may NOT be attended to: pass ~allowed.
reference, _ = mha(x, x, x, attn_mask=~allowed, need_weights=False)


def split_heads(t):
    """(batch, seq, embed_dim) -> (batch, heads, seq, head_dim): the heads become a batch dimension."""
    return t.view(batch, seq_len, num_heads, head_dim).transpose(1, 2)


def causal_self_attention(x):
    # in_proj_weight stacks the Q, K and V projections as (3 * embed_dim, embed_dim).
    q, k, v = F.linear(x, mha.in_proj_weight, mha.in_proj_bias).chunk(3, dim=-1)
    out = F.scaled_dot_product_attention(split_heads(q), split_heads(k), split_heads(v), is_causal=True)
    out = out.transpose(1, 2).reshape(batch, seq_len, embed_dim)  # concatenate the heads again
    return mha.out_proj(out)


mine = causal_self_attention(x)
print("split_heads gives (batch, heads, seq, head_dim):", tuple(split_heads(x).shape))
print("by hand matches nn.MultiheadAttention:", torch.allclose(mine, reference, atol=1e-5))

# Causality: changing the last token must not change any earlier position's output.
x2 = x.clone()
x2[:, -1] += 1.0
changed = (causal_self_attention(x2) - mine).abs().amax(dim=(0, 2)) > 0
print("positions whose output changed:", changed.nonzero().flatten().tolist())
